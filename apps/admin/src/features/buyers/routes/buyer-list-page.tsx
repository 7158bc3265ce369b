import { ACCOUNT_STATUSES } from '@kshop/contract';
import { FormField, Pagination } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/format';
import { formValues, LIST_LIMIT, useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBuyerList } from '../api/buyers-api';

const STATUS_NAMES: Record<string, MessageDescriptor> = {
  PENDING: msg`Pending`,
  APPROVED: msg`Approved`,
  REJECTED: msg`Rejected`,
  SUSPENDED: msg`Suspended`,
};

export function BuyerListPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Buyers`);
  const navigate = useNavigate();
  const { page, get, hrefWith, key } = useListParams();
  const filter = {
    page,
    limit: LIST_LIMIT,
    status: get('status') || undefined,
    korean: get('korean') || undefined,
    q: get('q') || undefined,
  };
  const { data, error, isPending, refetch } = useBuyerList(filter);

  const applyFilters = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { status, korean, q } = formValues(event.currentTarget);
    navigate(hrefWith({ status, korean, q }));
  };

  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>Buyers</Trans>
        </h1>
      </div>
      <form key={key} className="filters" aria-label={t`Filter buyers`} onSubmit={applyFilters}>
        <FormField label={t`Status`}>
          {(control) => (
            <select {...control} name="status" defaultValue={get('status')}>
              <option value="">{t`All statuses`}</option>
              {ACCOUNT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {i18n._(STATUS_NAMES[status] as MessageDescriptor)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Location`}>
          {(control) => (
            <select {...control} name="korean" defaultValue={get('korean')}>
              <option value="">{t`Korean and global`}</option>
              <option value="true">{t`Korean companies`}</option>
              <option value="false">{t`Global companies`}</option>
            </select>
          )}
        </FormField>
        <FormField label={t`Company, email or registration number`} className="field--grow">
          {(control) => <input {...control} name="q" type="search" defaultValue={get('q')} />}
        </FormField>
        <button type="submit" className="button">
          <Trans>Search</Trans>
        </button>
        <Link to="/buyers" className="button button--secondary">
          <Trans>Clear</Trans>
        </Link>
      </form>

      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.buyerList.length === 0 ? (
        <EmptyState>
          <Trans>No buyers match these filters.</Trans>
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Buyers</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Company</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Email</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Registration no.</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Location</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Signed up</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.buyerList.map((buyer) => (
                  <tr key={buyer.id}>
                    <td>
                      <Link to={`/buyers/${buyer.id}`}>{buyer.companyName}</Link>
                    </td>
                    <td className="breakable">{buyer.email}</td>
                    <td className="nowrap">{buyer.businessRegistrationNumber}</td>
                    <td>{buyer.isKoreanCompany ? t`Korea (KRW)` : t`Global (USD)`}</td>
                    <td>
                      <StatusBadge status={buyer.status} />
                    </td>
                    <td className="nowrap">{formatDate(buyer.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            currentPage={page}
            totalCount={data.totalCount}
            pageSize={LIST_LIMIT}
            hrefForPage={(n) => hrefWith({ page: n })}
          />
        </>
      )}
    </>
  );
}
