import { countryOptions } from '@kshop/contract';
import { useMemo } from 'react';
import { useUiTexts } from './ui-texts';

/**
 * The `<option>`s of a country select: every ISO 3166-1 country by its name in `locale` (from
 * `Intl.DisplayNames`, in the app's language unless `locale` says), the code as the value, after a first empty choice labelled `placeholder`.
 */
export function CountryOptions({ placeholder, locale }: { placeholder: string; locale?: string }) {
  const texts = useUiTexts();
  const language = locale ?? texts.locale;
  const options = useMemo(() => countryOptions(language), [language]);
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}
