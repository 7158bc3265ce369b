import { FormField, Pagination } from '@kshop/ui';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { formValues, LIST_LIMIT, useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInquiryList } from '../api/inquiries-api';

const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}…` : text);

export function InquiryListPage() {
  useDocumentTitle('Inquiries');
  const navigate = useNavigate();
  const { page, get, hrefWith, key } = useListParams();
  const filter = { page, limit: LIST_LIMIT, status: get('status') || undefined };
  const { data, error, isPending, refetch } = useInquiryList(filter);

  const applyFilters = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(hrefWith({ status: formValues(event.currentTarget).status }));
  };

  return (
    <>
      <div className="page-head">
        <h1>Inquiries</h1>
      </div>
      <form key={key} className="filters" aria-label="Filter inquiries" onSubmit={applyFilters}>
        <FormField label="Status">
          {(field) => (
            <select {...field} name="status" defaultValue={get('status')}>
              <option value="">All</option>
              <option value="NEW">New</option>
              <option value="ANSWERED">Answered</option>
            </select>
          )}
        </FormField>
        <button type="submit" className="button">
          Show
        </button>
      </form>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.inquiryList.length === 0 ? (
        <EmptyState>No inquiries here.</EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Inquiries</caption>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Company</th>
                  <th scope="col">Email</th>
                  <th scope="col">Inquiry</th>
                  <th scope="col">From</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.inquiryList.map((inquiry) => (
                  <tr key={inquiry.id}>
                    <td className="nowrap">
                      <Link to={`/inquiries/${inquiry.id}`}>{formatDateTime(inquiry.createdAt)}</Link>
                    </td>
                    <td>{inquiry.companyName}</td>
                    <td className="breakable">{inquiry.email}</td>
                    <td>{excerpt(inquiry.content)}</td>
                    <td>{inquiry.member ? 'Member' : 'Guest'}</td>
                    <td>
                      <StatusBadge status={inquiry.status} />
                    </td>
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
