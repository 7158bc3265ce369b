import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState, Notice } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAnswerInquiry, useInquiry } from '../api/inquiries-api';
import { AnswerForm } from '../components/answer-form';

export function InquiryDetailPage() {
  const { id = '' } = useParams();
  const { data: inquiry, error, isPending, refetch } = useInquiry(id);
  const answer = useAnswerInquiry(id);
  const [answered, setAnswered] = useState(false);
  const { t } = useLingui();
  const companyName = inquiry?.companyName;
  useDocumentTitle(inquiry ? t`Inquiry from ${companyName}` : t`Inquiry`);

  if (isPending) return <LoadingState />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;

  return (
    <>
      <Link to="/inquiries" className="back-link">
        ‹ <Trans>Inquiries</Trans>
      </Link>
      <div className="page-head">
        <h1>
          <Trans>Inquiry from {inquiry.companyName}</Trans> <StatusBadge status={inquiry.status} />
        </h1>
      </div>
      {answered && (
        <Notice>
          <Trans>The inquiry is marked answered.</Trans>
        </Notice>
      )}
      <div className="grid-2">
        <section className="panel" aria-labelledby="inquiry-heading">
          <h2 id="inquiry-heading">
            <Trans>Message</Trans>
          </h2>
          <p className="pre-wrap">{inquiry.content}</p>
        </section>
        <section className="panel" aria-labelledby="sender-heading">
          <h2 id="sender-heading">
            <Trans>Sender</Trans>
          </h2>
          <dl className="details">
            <dt>
              <Trans>Received</Trans>
            </dt>
            <dd>{formatDateTime(inquiry.createdAt)}</dd>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>
              <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
            </dd>
            <dt>
              <Trans>Company</Trans>
            </dt>
            <dd>{inquiry.companyName}</dd>
            <dt>
              <Trans>Representative</Trans>
            </dt>
            <dd>{inquiry.representativeName}</dd>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{inquiry.phoneNumber}</dd>
            <dt>
              <Trans>Registration no.</Trans>
            </dt>
            <dd>{inquiry.businessRegistrationNumber}</dd>
            <dt>
              <Trans>Sent as</Trans>
            </dt>
            <dd>{inquiry.member ? t`A signed-in member` : t`A guest`}</dd>
          </dl>
        </section>
      </div>
      <section className="panel" aria-labelledby="answer-heading">
        <h2 id="answer-heading">
          <Trans>Answer</Trans>
        </h2>
        {inquiry.status === 'ANSWERED' ? (
          <>
            <p className="muted">
              <Trans>Answered {formatDateTime(inquiry.answeredAt)}</Trans>
            </p>
            <p className="pre-wrap">{inquiry.answerNote}</p>
          </>
        ) : (
          <AnswerForm
            onAnswer={async (note) => {
              await answer.mutateAsync(note);
              setAnswered(true);
            }}
          />
        )}
      </section>
    </>
  );
}
