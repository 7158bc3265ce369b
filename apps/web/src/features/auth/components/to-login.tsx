import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginReturnFrom } from '../../../lib/return-places';

/** A members' page seen by a guest: off to the login screen, which returns here once logged in. */
export function ToLogin() {
  const { pathname, search } = useLocation();
  // Navigate sends again whenever its state is a new object: the state is made once per page.
  const state = useMemo(() => loginReturnFrom({ pathname, search }), [pathname, search]);
  return <Navigate to="/login" replace state={state} />;
}
