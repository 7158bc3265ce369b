import { useCallback } from 'react';
import { useNavigate, useOutletContext } from 'react-router';

/** What MyPageLayout hands its pages: a way out that ends the session without the guest redirect. */
export type MyPageOutletContext = {
  /** Navigate to `to`, then run `endSession` (clear or expire it); the layout will not send the buyer to /login. */
  leave: (to: string, endSession: () => void) => void;
};

export function useLeaveMyPage(): MyPageOutletContext['leave'] {
  const context = useOutletContext<MyPageOutletContext | undefined>();
  const navigate = useNavigate();
  const fallback = useCallback(
    (to: string, endSession: () => void) => {
      navigate(to);
      endSession();
    },
    [navigate],
  );
  return context?.leave ?? fallback;
}
