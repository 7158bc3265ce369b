import { messages as contractMessages } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { contractTextsFor } from '../../../i18n/contract-texts';
import { revokeToken } from '../../../lib/api-client';
import { loginReturnFrom } from '../../../lib/return-places';
import { clearSession, useIsLoggedIn } from '../../../lib/session';
import type { MyPageOutletContext } from '../components/leave-my-page';
import { isReauthFresh } from '../reauth-freshness';
import './mypage.css';

const MENU: readonly { to: string; label: MessageDescriptor; end: boolean }[] = [
  { to: '/mypage', label: msg`My Page`, end: true },
  { to: '/mypage/account', label: msg`My Account`, end: false },
  { to: '/mypage/shoppinginfo', label: msg`Shopping Info`, end: false },
  { to: '/mypage/lists', label: msg`Saved lists`, end: false },
];

/**
 * Where a guest goes from a page, with the alert it sees on the way (spec section 8): My Account leads to /mypage,
 * which then asks to log in; Order Detail leads to /login.
 */
function guestRedirectFor(pathname: string): { to: string; message: string | null } {
  if (pathname.startsWith('/mypage/account'))
    return { to: '/mypage', message: contractMessages.account.loginForMyAccount };
  if (pathname.startsWith('/mypage/shoppingdetail'))
    return { to: '/login', message: contractMessages.account.loginForOrderDetail };
  return { to: '/login', message: null };
}

/**
 * My Page (spec section 2): the left menu with LOG OUT, around the sub-page. Guests, and members whose session
 * ends while they are here, go to /login; leaving on purpose (log out, account deleted, password changed) does not.
 * The menu's My Account link goes through the password prompt of the landing when the last check is stale.
 */
export function MyPageLayout() {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const alert = useAlert();
  const { t, i18n } = useLingui();
  const leavingRef = useRef(false);

  useEffect(() => {
    if (isLoggedIn || leavingRef.current) return;
    const { to, message } = guestRedirectFor(location.pathname);
    if (message) void alert(contractTextsFor(i18n.locale).localize(message));
    // Logging in returns to the page the session ended on.
    navigate(to, { replace: true, state: to === '/login' ? loginReturnFrom(location) : undefined });
  }, [isLoggedIn, location, alert, navigate, i18n]);

  const leave = useCallback(
    (to: string, endSession: () => void) => {
      leavingRef.current = true;
      navigate(to);
      endSession();
    },
    [navigate],
  );
  const context = useMemo<MyPageOutletContext>(() => ({ leave }), [leave]);
  // The server revokes the token before the session storage is cleared, so no copy of it keeps working.
  const logOut = async () => {
    await revokeToken();
    leave('/', clearSession);
  };

  return (
    <div className="mypage container">
      <aside className="mypage__aside">
        <nav aria-label={t`My Page menu`}>
          <ul className="mypage__menu">
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className="mypage__menu-link"
                  onClick={(event) => {
                    if (item.to !== '/mypage/account' || isReauthFresh()) return;
                    event.preventDefault();
                    navigate('/mypage');
                  }}
                >
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="button button--secondary button--small mypage__logout"
          onClick={() => void logOut()}
        >
          <Trans>LOG OUT</Trans>
        </button>
      </aside>
      <div className="mypage__content">{isLoggedIn && <Outlet context={context} />}</div>
    </div>
  );
}
