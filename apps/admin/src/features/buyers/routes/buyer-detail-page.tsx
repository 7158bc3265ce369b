import { countryName } from '@kshop/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState, Notice } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BuyerPriceGroup } from '../../pricing';
import { DECISIONS_FROM, type Decision, useBuyer, useDecideBuyer } from '../api/buyers-api';
import { CertificateViewer } from '../components/certificate-viewer';
import { DECISION_LABELS, DecisionDialog } from '../components/decision-dialog';
import './buyers.css';

export function BuyerDetailPage() {
  const { id = '' } = useParams();
  const { data: buyer, error, isPending, refetch } = useBuyer(id);
  const decide = useDecideBuyer(id);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useDocumentTitle(buyer?.companyName ?? 'Buyer');

  if (isPending) return <LoadingState />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;

  const onDecide = async (reason: string) => {
    if (!decision) return;
    await decide.mutateAsync({ decision, reason });
    setDone(DECISION_LABELS[decision].done);
    setDecision(null);
  };

  return (
    <>
      <Link to="/buyers" className="back-link">
        ‹ Buyers
      </Link>
      <div className="page-head">
        <h1>
          {buyer.companyName} <StatusBadge status={buyer.status} />
        </h1>
        <div className="button-row">
          {DECISIONS_FROM[buyer.status].map((move) => (
            <button
              key={move}
              type="button"
              className={move === 'approve' || move === 'reinstate' ? 'button' : 'button button--danger'}
              onClick={() => {
                setDone(null);
                setDecision(move);
              }}
            >
              {DECISION_LABELS[move].action}
            </button>
          ))}
        </div>
      </div>
      {done && <Notice>{done}</Notice>}

      <div className="grid-2">
        <section className="panel" aria-labelledby="company-heading">
          <h2 id="company-heading">Company</h2>
          <dl className="details">
            <dt>Email</dt>
            <dd>{buyer.email}</dd>
            <dt>Representative</dt>
            <dd>{buyer.representativeName}</dd>
            <dt>Registration no.</dt>
            <dd>{buyer.businessRegistrationNumber}</dd>
            <dt>Phone</dt>
            <dd>{buyer.phoneNumber}</dd>
            <dt>Address</dt>
            <dd>
              {buyer.companyAddress}
              {buyer.postalCode && ` (${buyer.postalCode})`}
            </dd>
            <dt>Location</dt>
            <dd>
              {buyer.isKoreanCompany ? 'Korean company, prices in KRW' : 'Global company, prices in USD'}
            </dd>
            <dt>Marketing mail</dt>
            <dd>{buyer.marketingAgree ? 'Agreed' : 'Not agreed'}</dd>
            <dt>Signed up</dt>
            <dd>{formatDateTime(buyer.createdAt)}</dd>
            {buyer.statusReason && (
              <>
                <dt>Reason given</dt>
                <dd>{buyer.statusReason}</dd>
              </>
            )}
            <dt>Orders</dt>
            <dd>
              {buyer.orderCount > 0 ? (
                <Link to={`/orders?buyer=${encodeURIComponent(buyer.email)}`}>
                  {buyer.orderCount} {buyer.orderCount === 1 ? 'order' : 'orders'}
                </Link>
              ) : (
                'No orders yet'
              )}
            </dd>
          </dl>
          <h3 className="section-gap">Shipping addresses</h3>
          {buyer.addresses.length === 0 ? (
            <p className="muted">No saved addresses.</p>
          ) : (
            <ul className="plain-list">
              {buyer.addresses.map((address) => (
                <li key={address.addressUuid}>
                  {address.addressDetail}
                  {address.postalCode && ` (${address.postalCode})`}
                  {address.country && `, ${countryName(address.country)}`}
                  {address.isDefault && <span className="badge">Default</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <BuyerPriceGroup buyerId={buyer.id} priceGroupId={buyer.priceGroupId} />
        <section className="panel" aria-labelledby="certificate-heading">
          <h2 id="certificate-heading">Business certificate</h2>
          {buyer.certificate ? (
            <CertificateViewer certificate={buyer.certificate} companyName={buyer.companyName} />
          ) : (
            <p className="muted">No certificate on file.</p>
          )}
        </section>
      </div>

      {decision && (
        <DecisionDialog
          decision={decision}
          companyName={buyer.companyName}
          onDecide={onDecide}
          onClose={() => setDecision(null)}
        />
      )}
    </>
  );
}
