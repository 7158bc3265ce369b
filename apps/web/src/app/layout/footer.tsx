import { OFFICE_HOURS } from '@kshop/contract';
import { Link } from 'react-router';
import { GUIDE_LINKS } from '../../features/guide/guide-links';
import { shopYear } from '../../lib/dates';
import { CHART_LINKS, COMPANY } from './company';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-company" className="site-footer__company">
          <h2 id="footer-company" className="site-footer__brand">
            KSHOP
          </h2>
          <dl className="site-footer__details">
            <div>
              <dt>Company</dt>
              <dd>{COMPANY.name}</dd>
            </div>
            <div>
              <dt>Representative</dt>
              <dd>{COMPANY.representative}</dd>
            </div>
            <div>
              <dt>Business registration number</dt>
              <dd>{COMPANY.businessRegistrationNumber}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{COMPANY.address}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </dd>
            </div>
          </dl>
        </section>
        <nav aria-labelledby="footer-guide">
          <h2 id="footer-guide" className="site-footer__heading">
            Guide
          </h2>
          <ul className="site-footer__links">
            {GUIDE_LINKS.map((guide) => (
              <li key={guide.slug}>
                <Link to={`/guide/${guide.slug}`}>{guide.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-charts">
          <h2 id="footer-charts" className="site-footer__heading">
            Charts
          </h2>
          <ul className="site-footer__links">
            {CHART_LINKS.map((chart) => (
              <li key={chart.href}>
                <a href={chart.href} target="_blank" rel="noopener noreferrer">
                  {chart.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="site-footer__heading">
            Customer Service
          </h2>
          <p className="site-footer__hours">Office hours: {OFFICE_HOURS}</p>
          <p className="site-footer__note">Monday to Friday, closed on Korean public holidays.</p>
          <Link to="/contact" className="button button--inverse button--small">
            Send an inquiry
          </Link>
        </section>
      </div>
      <p className="site-footer__copyright container">
        © {shopYear()} {COMPANY.name} All rights reserved.
      </p>
    </footer>
  );
}
