import { countryName } from '@kshop/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  useDocumentTitle(buyer?.companyName ?? t`Buyer`);

  if (isPending) return <LoadingState />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;

  const onDecide = async (reason: string) => {
    if (!decision) return;
    await decide.mutateAsync({ decision, reason });
    setDone(i18n._(DECISION_LABELS[decision].done));
    setDecision(null);
  };

  return (
    <>
      <Link to="/buyers" className="back-link">
        ‹ <Trans>Buyers</Trans>
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
              {i18n._(DECISION_LABELS[move].action)}
            </button>
          ))}
        </div>
      </div>
      {done && <Notice>{done}</Notice>}

      <div className="grid-2">
        <section className="panel" aria-labelledby="company-heading">
          <h2 id="company-heading">
            <Trans>Company</Trans>
          </h2>
          <dl className="details">
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>{buyer.email}</dd>
            <dt>
              <Trans>Representative</Trans>
            </dt>
            <dd>{buyer.representativeName}</dd>
            <dt>
              <Trans>Registration no.</Trans>
            </dt>
            <dd>{buyer.businessRegistrationNumber}</dd>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{buyer.phoneNumber}</dd>
            <dt>
              <Trans>Address</Trans>
            </dt>
            <dd>
              {buyer.companyAddress}
              {buyer.postalCode && ` (${buyer.postalCode})`}
            </dd>
            <dt>
              <Trans>Location</Trans>
            </dt>
            <dd>
              {buyer.isKoreanCompany ? t`Korean company, prices in KRW` : t`Global company, prices in USD`}
            </dd>
            <dt>
              <Trans>Marketing mail</Trans>
            </dt>
            <dd>{buyer.marketingAgree ? t`Agreed` : t`Not agreed`}</dd>
            <dt>
              <Trans>Signed up</Trans>
            </dt>
            <dd>{formatDateTime(buyer.createdAt)}</dd>
            {buyer.statusReason && (
              <>
                <dt>
                  <Trans>Reason given</Trans>
                </dt>
                <dd>{buyer.statusReason}</dd>
              </>
            )}
            <dt>
              <Trans>Orders</Trans>
            </dt>
            <dd>
              {buyer.orderCount > 0 ? (
                <Link to={`/orders?buyer=${encodeURIComponent(buyer.email)}`}>
                  {plural(buyer.orderCount, { one: '# order', other: '# orders' })}
                </Link>
              ) : (
                t`No orders yet`
              )}
            </dd>
          </dl>
          <h3 className="section-gap">
            <Trans>Shipping addresses</Trans>
          </h3>
          {buyer.addresses.length === 0 ? (
            <p className="muted">
              <Trans>No saved addresses.</Trans>
            </p>
          ) : (
            <ul className="plain-list">
              {buyer.addresses.map((address) => (
                <li key={address.addressUuid}>
                  {address.addressDetail}
                  {address.postalCode && ` (${address.postalCode})`}
                  {address.country && `, ${countryName(address.country, i18n.locale)}`}
                  {address.isDefault && (
                    <span className="badge">
                      <Trans>Default</Trans>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <BuyerPriceGroup buyerId={buyer.id} priceGroupId={buyer.priceGroupId} />
        <section className="panel" aria-labelledby="certificate-heading">
          <h2 id="certificate-heading">
            <Trans>Business certificate</Trans>
          </h2>
          {buyer.certificate ? (
            <CertificateViewer certificate={buyer.certificate} companyName={buyer.companyName} />
          ) : (
            <p className="muted">
              <Trans>No certificate on file.</Trans>
            </p>
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
