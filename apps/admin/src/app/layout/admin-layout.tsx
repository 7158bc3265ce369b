import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Notice } from '../../components/ui/states';
import { signOut } from '../../features/auth';
import { StaffLanguageSwitch, useStaffLanguage } from '../../i18n/staff-language';
import { useCurrentStaff } from '../../lib/current-staff';
import { endSession } from '../../lib/session';
import './layout.css';

type NavItem = { to: string; label: MessageDescriptor; ownerOnly?: boolean; end?: boolean };

const NAV: NavItem[] = [
  { to: '/', label: msg`Dashboard`, end: true },
  { to: '/buyers', label: msg`Buyers` },
  { to: '/orders', label: msg`Orders` },
  { to: '/reports', label: msg`Reports` },
  { to: '/products', label: msg`Products` },
  { to: '/categories', label: msg`Categories & Artists` },
  { to: '/inquiries', label: msg`Inquiries` },
  { to: '/price-groups', label: msg`Price groups` },
  { to: '/staff', label: msg`Staff`, ownerOnly: true },
  { to: '/audit', label: msg`Audit log`, ownerOnly: true },
];

/** The frame of every signed-in screen: side navigation, who is signed in, and the screen itself. */
export function AdminLayout() {
  const { data: me } = useCurrentStaff();
  const { t, i18n } = useLingui();
  useStaffLanguage();
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
        <Trans>Skip to content</Trans>
      </a>
      <aside className="shell__side">
        <p className="shell__brand">
          <Trans>KSHOP Back office</Trans>
        </p>
        <nav aria-label={t`Back office`}>
          <ul className="side-nav">
            {NAV.filter((item) => !item.ownerOnly || me?.role === 'OWNER').map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="side-nav__link">
                  {i18n._(item.label)}
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
              <span className="shell__role">{me.role === 'OWNER' ? t`Owner` : t`Staff`}</span>
            </p>
          )}
          <NavLink to="/change-password" className="side-nav__link side-nav__link--small">
            <Trans>Change password</Trans>
          </NavLink>
          <button
            type="button"
            className="side-nav__link side-nav__button"
            onClick={() => void signOutHere()}
          >
            <Trans>Sign out</Trans>
          </button>
          <StaffLanguageSwitch />
        </div>
      </aside>
      <main id="main" ref={mainRef} tabIndex={-1} className="shell__main">
        {typeof notice === 'string' && <Notice>{notice}</Notice>}
        <Outlet />
      </main>
    </div>
  );
}
