import { LanguageSwitch as Switch } from '@kshop/ui';
import { useLingui } from '@lingui/react';
import { chooseLanguage } from '../../i18n/i18n';

/** "English | 한국어" in the header and in the footer: the storefront's language for this browser and account. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <Switch
      current={i18n.locale}
      className={className}
      onChoose={(language) => {
        chooseLanguage(language).catch(() => {});
      }}
    />
  );
}
