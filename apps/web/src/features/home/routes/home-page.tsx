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
          <p className="hero__eyebrow">B2B wholesale · shipped from Seoul</p>
          <h1 id="hero-title" className="hero__title">
            K-pop albums and goods for your store
          </h1>
          <p className="hero__text">
            Albums, light sticks, photo books, magazines and official merchandise at wholesale terms for
            registered businesses.
          </p>
          <div className="hero__actions">
            <Link to={PRE_ORDER_PATH} className="button button--inverse">
              SHOP PRE-ORDERS
            </Link>
            {/* Members have their account already. */}
            {!isLoggedIn && (
              <Link to="/signup" className="button button--ghost">
                OPEN A BUSINESS ACCOUNT
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
