import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onPendingApproval } from '../../../lib/api-client';

export const ACCOUNT_REVIEW_PATH = '/account-review';

/**
 * A member whose account awaits approval is logged out with the spec's alert (shown by the layout); the page
 * under that alert then explains the review instead of leaving the buyer where the refusal happened.
 */
export function PendingAccountRedirect() {
  const navigate = useNavigate();
  useEffect(() => onPendingApproval(() => navigate(ACCOUNT_REVIEW_PATH)), [navigate]);
  return null;
}
