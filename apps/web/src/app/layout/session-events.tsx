import { useAlert } from '@kshop/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useContractTexts } from '../../i18n/contract-texts';
import { onPendingApproval } from '../../lib/api-client';
import { subscribeSession } from '../../lib/session';

/**
 * Reacts to session changes made anywhere: logging in or out refetches every cached read (prices depend on it),
 * and a pending account gets the spec's alert after the API client has logged it out.
 */
export function SessionEvents() {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const { messages } = useContractTexts();
  const pendingApprovalAlert = messages.account.pendingApprovalAlert;
  useEffect(() => subscribeSession(() => void queryClient.resetQueries()), [queryClient]);
  useEffect(() => onPendingApproval(() => void alert(pendingApprovalAlert)), [alert, pendingApprovalAlert]);
  return null;
}
