import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Notice } from '../../components/ui/states';
import { signOut } from '../../features/auth';
import { useCurrentStaff } from '../../lib/current-staff';
import { endSession } from '../../lib/session';
import './layout.css';

type NavItem = { to: string; label: string; ownerOnly?: boolean; end?: boolean };

const NAV: NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/buyers', label: 'Buyers' },
  { to: '/orders', label: 'Orders' },
  { to: '/reports', label: 'Reports' },
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories & Artists' },
  { to: '/inquiries', label: 'Inquiries' },
  { to: '/price-groups', label: 'Price groups' },
  { to: '/staff', label: 'Staff', ownerOnly: true },
  { to: '/audit', label: 'Audit log', ownerOnly: true },
];

/** The frame of every signed-in screen: side navigation, who is signed in, and the screen itself. */
export function AdminLayout() {
  const { data: me } = useCurrentStaff();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  // A new screen starts at its top and moves focus there, so keyboard and screen-reader users land on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of screen, not of the search
  useEffect(() => {
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  const signOutHere = async () => {
    await signOut();
    endSession();
    queryClient.clear();
    navigate('/signin', { replace: true });
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="shell__side">
        <p className="shell__brand">KSHOP Back office</p>
        <nav aria-label="Back office">
          <ul className="side-nav">
            {NAV.filter((item) => !item.ownerOnly || me?.role === 'OWNER').map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="side-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="shell__me">
          {me && (
            <p className="shell__who">
              <span className="shell__name" title={me.email}>
                {me.name || me.email}
              </span>
              <span className="shell__role">{me.role === 'OWNER' ? 'Owner' : 'Staff'}</span>
            </p>
          )}
          <NavLink to="/change-password" className="side-nav__link side-nav__link--small">
            Change password
          </NavLink>
          <button
            type="button"
            className="side-nav__link side-nav__button"
            onClick={() => void signOutHere()}
          >
            Sign out
          </button>
        </div>
      </aside>
      <main id="main" ref={mainRef} tabIndex={-1} className="shell__main">
        {typeof notice === 'string' && <Notice>{notice}</Notice>}
        <Outlet />
      </main>
    </div>
  );
}
