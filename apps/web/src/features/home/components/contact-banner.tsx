import { OFFICE_HOURS } from '@kshop/contract';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

export function ContactBanner() {
  return (
    <section aria-labelledby="contact-banner-title" className="contact-banner container">
      <div className="contact-banner__inner">
        <div>
          <h2 id="contact-banner-title" className="contact-banner__title">
            <Trans>Can't find what you need?</Trans>
          </h2>
          <p className="contact-banner__text">
            <Trans>
              Tell us which albums and goods your store is looking for. Our wholesale team answers within one
              business day ({OFFICE_HOURS}).
            </Trans>
          </p>
        </div>
        <Link to="/contact" className="button button--inverse">
          <Trans>CONTACT US</Trans>
        </Link>
      </div>
    </section>
  );
}
