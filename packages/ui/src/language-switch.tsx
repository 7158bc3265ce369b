import { LANGUAGES, type Language } from '@kshop/contract';
import { useUiTexts } from './ui-texts';

/** Each language by its own name, in its own language, whichever language the page is in. */
const NAMES: Record<Language, string> = { en: 'English', ko: '한국어' };

/**
 * "English | 한국어": the page's language, pressed, beside the other. The app decides what choosing does (load the
 * catalogue, keep the choice, tell the account).
 */
export function LanguageSwitch({
  current,
  onChoose,
  className = '',
}: {
  current: string;
  onChoose: (language: Language) => void;
  className?: string;
}) {
  const texts = useUiTexts();
  return (
    // biome-ignore lint/a11y/useSemanticElements: two buttons under one name, not a fieldset of form inputs
    <div role="group" aria-label={texts.language} className={`language-switch ${className}`.trim()}>
      {LANGUAGES.map((language, index) => (
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
            aria-pressed={current === language}
            onClick={() => {
              if (current !== language) onChoose(language);
            }}
          >
            {NAMES[language]}
          </button>
        </span>
      ))}
    </div>
  );
}
