import { type I18n, i18n as shopI18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { useContext } from 'react';

/**
 * The page's Lingui instance for small components that are also drawn on their own, outside the I18nProvider (a
 * product card, a table in a unit test): under the provider it re-renders when the language changes, as
 * `useLingui` does; without one it reads the storefront's instance, which is English until a language is chosen.
 * Use it with the core macros: `const i18n = usePageI18n(); t(i18n)\`Release\``.
 */
export function usePageI18n(): I18n {
  return useContext(LinguiContext)?.i18n ?? shopI18n;
}
