import { PAGE_SIZE, pageCount } from '@kshop/contract';
import { Pagination } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { positiveInt } from '../../../lib/listing-params';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { orderListQuery } from '../api/orders-api';
import { OrderCard } from '../components/order-card';
import './orders.css';
import { ToLogin } from '../../auth';

export function ShoppingInfoPage() {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  useDocumentTitle(t`Shopping Info`);
  const isLoggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const page = positiveInt(params.get('page')) ?? 1;
  const query = useQuery({ ...orderListQuery(page), enabled: isLoggedIn });

  if (!isLoggedIn) return <ToLogin />;

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        message={t`Could not load your orders. Please try again.`}
        onRetry={() => void query.refetch()}
      />
    );
  else {
    const { orderList, totalCount } = query.data;
    body = (
      <>
        {orderList.length === 0 ? (
          <EmptyState>{messages.order.noOrders}</EmptyState>
        ) : (
          <ul className="order-list" aria-label={t`Orders`}>
            {orderList.map((order) => (
              <li key={order.uuid}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          currentPage={page}
          totalPages={pageCount(totalCount, PAGE_SIZE.orderHistory)}
          hrefForPage={(target) => `?page=${target}`}
        />
      </>
    );
  }

  return (
    <section className="orders-page">
      <h1 className="orders-page__title">
        <Trans>Shopping Info</Trans>
      </h1>
      {body}
    </section>
  );
}
