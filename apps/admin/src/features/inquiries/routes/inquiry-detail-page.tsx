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
  useDocumentTitle(inquiry ? `Inquiry from ${inquiry.companyName}` : 'Inquiry');

  if (isPending) return <LoadingState />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;

  return (
    <>
      <Link to="/inquiries" className="back-link">
        ‹ Inquiries
      </Link>
      <div className="page-head">
        <h1>
          Inquiry from {inquiry.companyName} <StatusBadge status={inquiry.status} />
        </h1>
      </div>
      {answered && <Notice>The inquiry is marked answered.</Notice>}
      <div className="grid-2">
        <section className="panel" aria-labelledby="inquiry-heading">
          <h2 id="inquiry-heading">Message</h2>
          <p className="pre-wrap">{inquiry.content}</p>
        </section>
        <section className="panel" aria-labelledby="sender-heading">
          <h2 id="sender-heading">Sender</h2>
          <dl className="details">
            <dt>Received</dt>
            <dd>{formatDateTime(inquiry.createdAt)}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
            </dd>
            <dt>Company</dt>
            <dd>{inquiry.companyName}</dd>
            <dt>Representative</dt>
            <dd>{inquiry.representativeName}</dd>
            <dt>Phone</dt>
            <dd>{inquiry.phoneNumber}</dd>
            <dt>Registration no.</dt>
            <dd>{inquiry.businessRegistrationNumber}</dd>
            <dt>Sent as</dt>
            <dd>{inquiry.member ? 'A signed-in member' : 'A guest'}</dd>
          </dl>
        </section>
      </div>
      <section className="panel" aria-labelledby="answer-heading">
        <h2 id="answer-heading">Answer</h2>
        {inquiry.status === 'ANSWERED' ? (
          <>
            <p className="muted">Answered {formatDateTime(inquiry.answeredAt)}</p>
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
