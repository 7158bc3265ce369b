import { OFFICE_HOURS } from '@kshop/contract';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import './auth.css';

/**
 * Where a member whose account awaits approval lands after the spec's alert logged it out: what the review is and
 * how to reach the shop meanwhile.
 */
export function AccountReviewPage() {
  useDocumentTitle('Account under review');
  return (
    <section
      className="auth-page auth-page--wide container account-review"
      aria-labelledby="account-review-title"
    >
      <h1 id="account-review-title" className="auth-page__title">
        ACCOUNT UNDER REVIEW
      </h1>
      <p className="auth-page__lead">Your account is pending approval.</p>
      <div className="account-review__body">
        <p>
          We check every new business account before it can see wholesale prices, use the cart and place
          orders: our team compares your company details with the business certificate you uploaded.
        </p>
        <p>
          We will e-mail you when the review is done. Once your account is approved, log in again and
          everything is open to you.
        </p>
        <p>
          Questions about your account, or a detail to correct? Write to us; we answer during our office
          hours, <strong>{OFFICE_HOURS}</strong>, Monday to Friday, closed on Korean public holidays.
        </p>
      </div>
      <div className="auth-form__switch account-review__actions">
        <Link to="/contact" className="button button--block">
          CONTACT US
        </Link>
        <Link to="/">Continue browsing</Link>
      </div>
    </section>
  );
}
