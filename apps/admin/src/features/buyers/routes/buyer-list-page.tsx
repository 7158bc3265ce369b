import { ACCOUNT_STATUSES } from '@kshop/contract';
import { FormField, Pagination } from '@kshop/ui';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/format';
import { formValues, LIST_LIMIT, useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBuyerList } from '../api/buyers-api';

const STATUS_NAMES: Record<string, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  SUSPENDED: 'Suspended',
};

export function BuyerListPage() {
  useDocumentTitle('Buyers');
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
        <h1>Buyers</h1>
      </div>
      <form key={key} className="filters" aria-label="Filter buyers" onSubmit={applyFilters}>
        <FormField label="Status">
          {(control) => (
            <select {...control} name="status" defaultValue={get('status')}>
              <option value="">All statuses</option>
              {ACCOUNT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_NAMES[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Location">
          {(control) => (
            <select {...control} name="korean" defaultValue={get('korean')}>
              <option value="">Korean and global</option>
              <option value="true">Korean companies</option>
              <option value="false">Global companies</option>
            </select>
          )}
        </FormField>
        <FormField label="Company, email or registration number" className="field--grow">
          {(control) => <input {...control} name="q" type="search" defaultValue={get('q')} />}
        </FormField>
        <button type="submit" className="button">
          Search
        </button>
        <Link to="/buyers" className="button button--secondary">
          Clear
        </Link>
      </form>

      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.buyerList.length === 0 ? (
        <EmptyState>No buyers match these filters.</EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Buyers</caption>
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Email</th>
                  <th scope="col">Registration no.</th>
                  <th scope="col">Location</th>
                  <th scope="col">Status</th>
                  <th scope="col">Signed up</th>
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
                    <td>{buyer.isKoreanCompany ? 'Korea (KRW)' : 'Global (USD)'}</td>
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
