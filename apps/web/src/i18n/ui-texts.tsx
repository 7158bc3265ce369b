import { UiTextsProvider, uiTexts } from '@kshop/ui';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

/** The shared components' own words (dialog buttons, pagination, country names) in the storefront's language. */
export function StorefrontUiTexts({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <UiTextsProvider texts={uiTexts(i18n.locale)}>{children}</UiTextsProvider>;
}
