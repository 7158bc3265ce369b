import type { Language } from '@kshop/contract';
import { LanguageSwitch, UiTextsProvider, uiTexts } from '@kshop/ui';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { adminRequest } from '../lib/api-client';
import { ME_QUERY_KEY, type StaffMe, useCurrentStaff } from '../lib/current-staff';
import { activateLanguage } from './i18n';

/** The shared components' own words (dialog buttons, pagination, country names) in the back office's language. */
export function AdminUiTexts({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <UiTextsProvider texts={uiTexts(i18n.locale)}>{children}</UiTextsProvider>;
}

/** Once signed in, the back office speaks the staff member's own language (the account's, on any device). */
export function useStaffLanguage(): void {
  const language = useCurrentStaff().data?.language;
  const { i18n } = useLingui();
  useEffect(() => {
    if (language && language !== i18n.locale) activateLanguage(language).catch(() => {});
  }, [language, i18n.locale]);
}

/**
 * "English | 한국어" in the side panel: the screen changes at once, and the account keeps the choice. A choice
 * the server refuses (the session ended) still holds for this browser.
 */
export function StaffLanguageSwitch() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const choose = async (language: Language) => {
    // The signed-in member takes the choice first, so that useStaffLanguage, which follows the account, does not
    // switch the screen back while the server is still saving it.
    queryClient.setQueryData<StaffMe>(ME_QUERY_KEY, (me) => (me ? { ...me, language } : me));
    await activateLanguage(language);
    await adminRequest('/me/language', { method: 'PUT', body: { language } }).catch(() => {});
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
  return <LanguageSwitch current={i18n.locale} onChoose={(language) => void choose(language)} />;
}
