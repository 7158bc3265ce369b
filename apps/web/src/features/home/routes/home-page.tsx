import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { FIRST_ROW } from '../../../components/ui/product-grid';
import { PRE_ORDER_PATH } from '../../../lib/links';
import { useIsLoggedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactBanner } from '../components/contact-banner';
import { HomeSection } from '../components/home-section';
import { HOME_SECTIONS } from '../home-sections';
import './home-page.css';

/** Home (spec section 2 and the home calls of section 7): PRE-ORDER, K-MERCH, K-MAGAZINE and a contact banner. */
export function HomePage() {
  useDocumentTitle(undefined);
  const isLoggedIn = useIsLoggedIn();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">
            <Trans>B2B wholesale · shipped from Seoul</Trans>
          </p>
          <h1 id="hero-title" className="hero__title">
            <Trans>K-pop albums and goods for your store</Trans>
          </h1>
          <p className="hero__text">
            <Trans>
              Albums, light sticks, photo books, magazines and official merchandise at wholesale terms for
              registered businesses.
            </Trans>
          </p>
          <div className="hero__actions">
            <Link to={PRE_ORDER_PATH} className="button button--inverse">
              <Trans>SHOP PRE-ORDERS</Trans>
            </Link>
            {/* Members have their account already. */}
            {!isLoggedIn && (
              <Link to="/signup" className="button button--ghost">
                <Trans>OPEN A BUSINESS ACCOUNT</Trans>
              </Link>
            )}
          </div>
        </div>
      </section>
      {HOME_SECTIONS.map((section, index) => (
        <HomeSection key={section.title} {...section} priorityCount={index === 0 ? FIRST_ROW : 0} />
      ))}
      <ContactBanner />
    </div>
  );
}
