import { type ProductOptionDetail, priceLabel, releaseDateLabel } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/ui/not-found';
import { PriceNotes } from '../../../components/ui/price-notes';
import { ErrorState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { parseImageList, productDetailQuery } from '../api/product-detail-api';
import { ImageGallery } from '../components/image-gallery';
import { displayedPrice, isAllSoldOut } from '../components/option-selection';
import { ProductDescription } from '../components/product-description';
import { ProductDetailSkeleton } from '../components/product-detail-skeleton';
import { ProductPurchase } from '../components/product-purchase';
import { ShippingInfo } from '../components/shipping-info';
import { VersionGrid } from '../components/version-grid';
import { VolumeTierTable } from '../components/volume-tiers';
import { YouMayAlsoLike } from '../components/you-may-also-like';
import './product-detail.css';

export function ProductDetailPage() {
  const { t } = useLingui();
  const { messages, localize } = useContractTexts();
  const { optionUuid = '' } = useParams();
  const query = useQuery(productDetailQuery(optionUuid));
  const isLoggedIn = useIsLoggedIn();
  // The option whose unit price the Price line shows, for the product opened at this address.
  const [chosen, setChosen] = useState<{ at: string; option: ProductOptionDetail | null }>({
    at: optionUuid,
    option: null,
  });
  useDocumentTitle(query.data?.product.title);

  if (query.isPending) return <ProductDetailSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.statusCode === 404 || query.error.statusCode === 400)) {
      return (
        <NotFound
          title={messages.http.productNotFound}
          message={t`This product does not exist or is no longer sold.`}
        />
      );
    }
    return (
      <div className="container">
        <ErrorState
          message={t`Could not load this product. Please try again.`}
          onRetry={() => query.refetch()}
        />
      </div>
    );
  }

  const { product } = query.data;
  const releaseDate = releaseDateLabel(product.releaseDate);
  const shipsOn = product.shipsOn ?? null;
  const soldOut = isAllSoldOut(query.data.optionList);
  const price = displayedPrice(query.data, chosen.at === optionUuid ? chosen.option : null);
  return (
    <div className="product-detail container">
      <div className="product-detail__top">
        <ImageGallery
          key={product.uuid}
          images={parseImageList(product.thumbnailUrlArray)}
          title={product.title}
        />
        <div className="product-detail__info">
          <p className="product-detail__vendor">{product.vendor}</p>
          <h1 className="product-detail__title">{product.title}</h1>
          {soldOut && (
            <p className="product-detail__sold-out">
              <Trans>Sold out</Trans>
            </p>
          )}
          {product.preorder && (
            <p className="product-detail__preorder">
              <span className="preorder-marker">{t`PRE-ORDER`}</span>
              {shipsOn && <span>{t`Ships from ${shipsOn}`}</span>}
            </p>
          )}
          <dl className="product-detail__facts">
            {releaseDate && (
              <div>
                <dt>
                  <Trans>Release date</Trans>
                </dt>
                <dd>
                  <time dateTime={releaseDate}>{releaseDate}</time>
                </dd>
              </div>
            )}
            <div>
              <dt>
                <Trans>Price</Trans>
              </dt>
              <dd className="product-detail__price">
                {localize(priceLabel(price, query.data.currencyCode))}
              </dd>
              <dd className="product-detail__price-notes">
                <PriceNotes
                  price={price}
                  comparedPrice={
                    ((chosen.at === optionUuid ? chosen.option : null) ?? query.data.currentOption)
                      .productPrice?.comparedPrice ?? null
                  }
                  currencyCode={query.data.currencyCode}
                />
              </dd>
            </div>
          </dl>
          <VolumeTierTable
            option={(chosen.at === optionUuid ? chosen.option : null) ?? query.data.currentOption}
            currencyCode={query.data.currencyCode}
          />
          <ProductPurchase
            key={optionUuid}
            detail={query.data}
            onChosenOption={(option) =>
              setChosen((current) =>
                current.at === optionUuid && current.option === option ? current : { at: optionUuid, option },
              )
            }
          />
        </div>
      </div>
      {isLoggedIn && query.data.currencyCode !== null && query.data.optionList.length > 1 && (
        <VersionGrid key={optionUuid} detail={query.data} />
      )}
      <ProductDescription html={product.description} />
      <ShippingInfo />
      <YouMayAlsoLike />
    </div>
  );
}
