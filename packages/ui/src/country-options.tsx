import { countryOptions } from '@kshop/contract';
import { useMemo } from 'react';

/**
 * The `<option>`s of a country select: every ISO 3166-1 country by its name in `locale` (from
 * `Intl.DisplayNames`), the code as the value, after a first empty choice labelled `placeholder`.
 */
export function CountryOptions({ placeholder, locale = 'en' }: { placeholder: string; locale?: string }) {
  const options = useMemo(() => countryOptions(locale), [locale]);
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
