import { OFFICE_HOURS } from '@kshop/contract';
import { Link } from 'react-router';

export function ContactBanner() {
  return (
    <section aria-labelledby="contact-banner-title" className="contact-banner container">
      <div className="contact-banner__inner">
        <div>
          <h2 id="contact-banner-title" className="contact-banner__title">
            Can't find what you need?
          </h2>
          <p className="contact-banner__text">
            Tell us which albums and goods your store is looking for. Our wholesale team answers within one
            business day ({OFFICE_HOURS}).
          </p>
        </div>
        <Link to="/contact" className="button button--inverse">
          CONTACT US
        </Link>
      </div>
    </section>
  );
}
