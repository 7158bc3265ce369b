import { FormField, Pagination } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { formValues, LIST_LIMIT, useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInquiryList } from '../api/inquiries-api';

const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}…` : text);

export function InquiryListPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Inquiries`);
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
        <h1>
          <Trans>Inquiries</Trans>
        </h1>
      </div>
      <form key={key} className="filters" aria-label={t`Filter inquiries`} onSubmit={applyFilters}>
        <FormField label={t`Status`}>
          {(field) => (
            <select {...field} name="status" defaultValue={get('status')}>
              <option value="">{t`All`}</option>
              <option value="NEW">{t`New`}</option>
              <option value="ANSWERED">{t`Answered`}</option>
            </select>
          )}
        </FormField>
        <button type="submit" className="button">
          <Trans>Show</Trans>
        </button>
      </form>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.inquiryList.length === 0 ? (
        <EmptyState>
          <Trans>No inquiries here.</Trans>
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Inquiries</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Received</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Company</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Email</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Inquiry</Trans>
                  </th>
                  <th scope="col">
                    <Trans context="inquiry sender">From</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
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
                    <td>{inquiry.member ? t`Member` : t`Guest`}</td>
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
