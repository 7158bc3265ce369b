import { OFFICE_HOURS } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { GUIDE_LINKS, type GuideSlug } from '../../features/guide/guide-links';
import { shopYear } from '../../lib/dates';
import { CHART_LINKS, COMPANY } from './company';
import { LanguageSwitch } from './language-switch';

/** The guide pages' titles (features/guide/guide-links.ts, in English) as the footer shows them in each language. */
const GUIDE_TITLES: Record<GuideSlug, MessageDescriptor> = {
  shipping: msg`Shipping Guide`,
  returns: msg`Return & Refund Policy`,
  terms: msg`Terms of Service`,
  privacy: msg`Privacy Policy`,
};

export function Footer() {
  const { i18n } = useLingui();
  const companyName = i18n._(COMPANY.name);
  const year = shopYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-company" className="site-footer__company">
          <h2 id="footer-company" className="site-footer__brand">
            KSHOP
          </h2>
          <dl className="site-footer__details">
            <div>
              <dt>
                <Trans>Company</Trans>
              </dt>
              <dd>{companyName}</dd>
            </div>
            <div>
              <dt>
                <Trans>Representative</Trans>
              </dt>
              <dd>{i18n._(COMPANY.representative)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Business registration number</Trans>
              </dt>
              <dd>{COMPANY.businessRegistrationNumber}</dd>
            </div>
            <div>
              <dt>
                <Trans>Address</Trans>
              </dt>
              <dd>{i18n._(COMPANY.address)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>
                <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </dd>
            </div>
          </dl>
        </section>
        <nav aria-labelledby="footer-guide">
          <h2 id="footer-guide" className="site-footer__heading">
            <Trans>Guide</Trans>
          </h2>
          <ul className="site-footer__links">
            {GUIDE_LINKS.map((guide) => (
              <li key={guide.slug}>
                <Link to={`/guide/${guide.slug}`}>{i18n._(GUIDE_TITLES[guide.slug])}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-charts">
          <h2 id="footer-charts" className="site-footer__heading">
            <Trans>Charts</Trans>
          </h2>
          <ul className="site-footer__links">
            {CHART_LINKS.map((chart) => (
              <li key={chart.href}>
                <a href={chart.href} target="_blank" rel="noopener noreferrer">
                  {i18n._(chart.label)}
                  <span className="visually-hidden">
                    {' '}
                    <Trans>(opens in a new tab)</Trans>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="site-footer__heading">
            <Trans>Customer Service</Trans>
          </h2>
          <p className="site-footer__hours">
            <Trans>Office hours: {OFFICE_HOURS}</Trans>
          </p>
          <p className="site-footer__note">
            <Trans>Monday to Friday, closed on Korean public holidays.</Trans>
          </p>
          <Link to="/contact" className="button button--inverse button--small">
            <Trans>Send an inquiry</Trans>
          </Link>
        </section>
      </div>
      <div className="site-footer__copyright site-footer__bottom container">
        <p>
          <Trans>
            © {year} {companyName} All rights reserved.
          </Trans>
        </p>
        <LanguageSwitch className="site-footer__language" />
      </div>
    </footer>
  );
}
