import { OFFICE_HOURS } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import './auth.css';

/**
 * Where a member whose account awaits approval lands after the spec's alert logged it out: what the review is and
 * how to reach the shop meanwhile.
 */
export function AccountReviewPage() {
  const { t } = useLingui();
  const { messages } = useContractTexts();
  useDocumentTitle(t`Account under review`);
  return (
    <section
      className="auth-page auth-page--wide container account-review"
      aria-labelledby="account-review-title"
    >
      <h1 id="account-review-title" className="auth-page__title">
        <Trans>ACCOUNT UNDER REVIEW</Trans>
      </h1>
      <p className="auth-page__lead">{messages.account.pendingApproval}</p>
      <div className="account-review__body">
        <p>
          <Trans>
            We check every new business account before it can see wholesale prices, use the cart and place
            orders: our team compares your company details with the business certificate you uploaded.
          </Trans>
        </p>
        <p>
          <Trans>
            We will e-mail you when the review is done. Once your account is approved, log in again and
            everything is open to you.
          </Trans>
        </p>
        <p>
          <Trans>
            Questions about your account, or a detail to correct? Write to us; we answer during our office
            hours, <strong>{OFFICE_HOURS}</strong>, Monday to Friday, closed on Korean public holidays.
          </Trans>
        </p>
      </div>
      <div className="auth-form__switch account-review__actions">
        <Link to="/contact" className="button button--block">
          <Trans>CONTACT US</Trans>
        </Link>
        <Link to="/">
          <Trans>Continue browsing</Trans>
        </Link>
      </div>
    </section>
  );
}
