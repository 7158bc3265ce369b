import { UiTextsProvider } from '@kshop/ui';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo } from 'react';

/** The shared components' own words (dialog buttons, pagination, country names) in the storefront's language. */
export function StorefrontUiTexts({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts change with the language only
  const texts = useMemo(
    () => ({
      ok: t`OK`,
      cancel: t`Cancel`,
      pagination: t`Pagination`,
      previousPage: t`Previous page`,
      nextPage: t`Next page`,
      page: (page: number) => t`Page ${page}`,
      locale,
    }),
    [locale],
  );
  return <UiTextsProvider texts={texts}>{children}</UiTextsProvider>;
}
