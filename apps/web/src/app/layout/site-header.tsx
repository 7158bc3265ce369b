import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCartCount } from '../../features/cart';
import { loginReturnFrom } from '../../lib/return-places';
import { useIsLoggedIn } from '../../lib/session';
import { CartIcon, MenuIcon, QuickOrderIcon, SearchIcon, UserIcon } from './icons';
import { LanguageSwitch } from './language-switch';
import { MainNav } from './main-nav';

// Quick search is opened by few visitors: its code loads when the pointer or focus reaches the Search button.
const loadSearchOverlay = () => import('../../features/search/components/search-overlay');
const SearchOverlay = lazy(async () => ({ default: (await loadSearchOverlay()).SearchOverlay }));

/** Logo, main menu, and the search, cart and My Page icons. */
export function SiteHeader() {
  const { t } = useLingui();
  const isLoggedIn = useIsLoggedIn();
  const cartCount = useCartCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation closes the menu and the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of address on purpose
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);

  return (
    <header ref={headerRef} className="site-header">
      <div className="site-header__bar container">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon open={menuOpen} />
          <span className="visually-hidden">
            <Trans>Menu</Trans>
          </span>
        </button>
        <Link to="/" className="site-header__logo" aria-label={t`KSHOP home`}>
          K<span>SHOP</span>
        </Link>
        <MainNav id="main-nav" open={menuOpen} onOpenChange={setMenuOpen} toggleRef={menuButtonRef} />
        <div className="site-header__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={t`Search`}
            onPointerEnter={() => void loadSearchOverlay()}
            onFocus={() => void loadSearchOverlay()}
            onClick={() => setSearchOpen(true)}
          >
            <SearchIcon />
          </button>
          {isLoggedIn && (
            <Link to="/quickorder" className="icon-button" aria-label={t`Quick order`} title={t`Quick order`}>
              <QuickOrderIcon />
            </Link>
          )}
          {/* The count sits beside the link, not in it: the link's name stays 'Cart', the count describes it. */}
          <span className="cart-count-anchor site-header__cart">
            <Link
              to={isLoggedIn ? '/cart' : '/login'}
              state={isLoggedIn ? undefined : loginReturnFrom(location)}
              className="icon-button"
              aria-label={t`Cart`}
              aria-describedby={cartCount.describedBy}
            >
              <CartIcon />
            </Link>
            {cartCount.badge}
          </span>
          <Link
            to={isLoggedIn ? '/mypage' : '/login'}
            state={isLoggedIn ? undefined : loginReturnFrom(location)}
            className="icon-button"
            aria-label={t`My Page`}
          >
            <UserIcon />
          </Link>
          <LanguageSwitch className="site-header__language" />
        </div>
      </div>
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchOverlay onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
