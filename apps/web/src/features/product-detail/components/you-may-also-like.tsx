import { PAGE_SIZE } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '../../../components/ui/product-grid';
import { productListQuery } from '../../../lib/catalog-api';
import { PRE_ORDER_PATH } from '../../../lib/links';
import { YOU_MAY_ALSO_LIKE_PARAMS } from '../api/product-detail-reads';

export function YouMayAlsoLike() {
  const { t } = useLingui();
  const query = useQuery(productListQuery(YOU_MAY_ALSO_LIKE_PARAMS));
  const products = query.data?.productOptionList ?? [];
  return (
    <section className="detail-section" aria-labelledby="also-like-title">
      <header className="detail-section__header">
        <h2 id="also-like-title" className="detail-section__title">
          <Trans>You may also like</Trans>
        </h2>
        <Link to={PRE_ORDER_PATH} className="home-section__view-all">
          <Trans>VIEW ALL</Trans>
        </Link>
      </header>
      {query.isPending ? (
        <ProductGridSkeleton count={PAGE_SIZE.youMayAlsoLike} columns={6} />
      ) : (
        products.length > 0 && <ProductGrid products={products} label={t`You may also like`} columns={6} />
      )}
    </section>
  );
}
