import { CATEGORY_ID, PAGE_SIZE } from '@kshop/contract';
import { Link } from 'react-router';
import { categoryPath, PRE_ORDER_PATH } from '../../../lib/links';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactBanner } from '../components/contact-banner';
import { HomeSection } from '../components/home-section';
import './home-page.css';

const latest = { page: 1, sort: 'latest', stockStatus: 'all' } as const;

/** Home (spec section 2 and the home calls of section 7): PRE-ORDER, K-MERCH, K-MAGAZINE and a contact banner. */
export function HomePage() {
  useDocumentTitle(undefined);
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
            <Link to="/signup" className="button button--ghost">
              OPEN A BUSINESS ACCOUNT
            </Link>
          </div>
        </div>
      </section>
      <HomeSection
        title="PRE-ORDER"
        viewAllTo={PRE_ORDER_PATH}
        params={{ ...latest, limit: PAGE_SIZE.homePreOrder }}
        layout="row"
      />
      <HomeSection
        title="K-MERCH"
        viewAllTo={categoryPath(CATEGORY_ID.kMerch, 'K-MERCH')}
        params={{ ...latest, limit: PAGE_SIZE.homeSection, categoryId: CATEGORY_ID.kMerch }}
        layout="grid"
      />
      <HomeSection
        title="K-MAGAZINE"
        viewAllTo={categoryPath(CATEGORY_ID.kMagazine, 'K-MAGAZINE')}
        params={{ ...latest, limit: PAGE_SIZE.homeSection, categoryId: CATEGORY_ID.kMagazine }}
        layout="grid"
      />
      <ContactBanner />
    </div>
  );
}
