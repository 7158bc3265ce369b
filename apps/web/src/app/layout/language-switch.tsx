import type { Language } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';
import { chooseLanguage } from '../../i18n/i18n';

/** Each language by its own name, in its own language, whichever language the page is in. */
const NAMES: readonly { language: Language; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'ko', name: '한국어' },
];

/** "English | 한국어": the page's language, pressed, beside the other; in the header and in the footer. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useLingui();
  return (
    // biome-ignore lint/a11y/useSemanticElements: two buttons under one name, not a fieldset of form inputs
    <div role="group" aria-label={t`Language`} className={`language-switch ${className}`.trim()}>
      {NAMES.map(({ language, name }, index) => (
        <span key={language} className="language-switch__item">
          {index > 0 && (
            <span aria-hidden="true" className="language-switch__separator">
              |
            </span>
          )}
          <button
            type="button"
            lang={language}
            className="language-switch__button"
            aria-pressed={i18n.locale === language}
            onClick={() => {
              if (i18n.locale !== language) chooseLanguage(language).catch(() => {});
            }}
          >
            {name}
          </button>
        </span>
      ))}
    </div>
  );
}
