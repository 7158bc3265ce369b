import { FormField } from '@kshop/ui';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { NumberField } from './number-field';
import { emptyOption, type OptionRow, type ProductFormValues } from './product-form-model';

/** The most options a product may have (the API's limit). */
export const MAX_OPTIONS = 200;

export type GridDefaults = {
  priceKrw: string;
  priceUsd: string;
  minimumOrderQuantity: string;
  stock: string;
};

/** Comma-separated values, trimmed, blanks and repeats left out, in the order written. */
export const splitValues = (raw: string): string[] => [
  ...new Set(
    raw
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

/**
 * The options for every value of key 1 × every value of key 2 (or of key 1 alone), each with the shared defaults.
 * An existing option with the same values is kept as it is (its id, prices and stock); the others are new.
 * Answers the rows, or why they cannot be made.
 */
export function generateOptionRows(
  existing: OptionRow[],
  values1: string[],
  values2: string[] | null,
  defaults: GridDefaults,
): OptionRow[] | string {
  if (values1.length === 0) return translate`Enter at least one value for key 1.`;
  if (values2 !== null && values2.length === 0) return translate`Enter at least one value for key 2.`;
  const pairs = values1.flatMap((v1) => (values2 ?? ['']).map((v2) => [v1, v2] as const));
  const count = pairs.length;
  if (count > MAX_OPTIONS)
    return translate`That makes ${count} options; a product has at most ${MAX_OPTIONS}.`;
  const keyOf = (v1: string, v2: string) => `${v1.trim()}\u0000${v2.trim()}`;
  const kept = new Map(existing.map((row) => [keyOf(row.value1, values2 ? row.value2 : ''), row]));
  return pairs.map(
    ([v1, v2]) =>
      kept.get(keyOf(v1, v2)) ?? {
        ...emptyOption(),
        value1: v1,
        value2: v2,
        priceKrw: defaults.priceKrw,
        priceUsd: defaults.priceUsd,
        minimumOrderQuantity: defaults.minimumOrderQuantity || '1',
        stock: defaults.stock || '0',
      },
  );
}

/** The first option's prices and minimum, copied to every option. */
export function copyFirstToAll(rows: OptionRow[]): OptionRow[] {
  const [first] = rows;
  if (!first) return rows;
  return rows.map((row) => ({
    ...row,
    priceKrw: first.priceKrw,
    priceUsd: first.priceUsd,
    minimumOrderQuantity: first.minimumOrderQuantity,
  }));
}

type OptionGridProps = {
  /** Replaces the form's options (the field array's own replace, so its rows stay in step). */
  onReplace: (rows: OptionRow[]) => void;
};

/**
 * Builds the option grid from the values of key 1 and key 2 with shared defaults, and copies the first option's
 * price and minimum to all. Options already there with the same values keep their ids, prices and stock.
 */
export function OptionGrid({ onReplace }: OptionGridProps) {
  const { t } = useLingui();
  const headingId = useId();
  const { control, getValues } = useFormContext<ProductFormValues>();
  const [key1, key2] = useWatch({ control, name: ['optionKey1', 'optionKey2'] });
  const hasKey2 = key2.trim() !== '';
  const key1Name = key1.trim();
  const key2Name = key2.trim();
  const [values1, setValues1] = useState('');
  const [values2, setValues2] = useState('');
  const [defaults, setDefaults] = useState<GridDefaults>({
    priceKrw: '',
    priceUsd: '',
    minimumOrderQuantity: '1',
    stock: '0',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const generate = () => {
    setDone(null);
    const rows = generateOptionRows(
      getValues('options'),
      splitValues(values1),
      hasKey2 ? splitValues(values2) : null,
      defaults,
    );
    if (typeof rows === 'string') {
      setProblem(rows);
      return;
    }
    setProblem(null);
    onReplace(rows);
    setDone(plural(rows.length, { one: '# option generated.', other: '# options generated.' }));
  };

  const copyToAll = () => {
    setProblem(null);
    const rows = getValues('options');
    onReplace(copyFirstToAll(rows));
    const count = rows.length;
    setDone(t`Option 1's prices and minimum copied to all ${count} options.`);
  };

  const setDefault = (field: keyof GridDefaults) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDefaults((current) => ({ ...current, [field]: event.target.value }));

  return (
    <fieldset className="option-generator" aria-labelledby={headingId}>
      <legend id={headingId}>
        <Trans>Generate options</Trans>
      </legend>
      <div className="grid-2">
        <FormField
          label={key1Name ? t`Values of key 1 (${key1Name})` : t`Values of key 1`}
          hint={t`Comma-separated, e.g. A, B, C.`}
        >
          {(props) => (
            <input {...props} value={values1} onChange={(event) => setValues1(event.target.value)} />
          )}
        </FormField>
        {hasKey2 && (
          <FormField
            label={t`Values of key 2 (${key2Name})`}
            hint={t`Comma-separated; every pair becomes an option.`}
          >
            {(props) => (
              <input {...props} value={values2} onChange={(event) => setValues2(event.target.value)} />
            )}
          </FormField>
        )}
      </div>
      <div className="grid-3">
        <NumberField
          label={t`Default KRW price`}
          input={{ value: defaults.priceKrw, onChange: setDefault('priceKrw') }}
        />
        <NumberField
          label={t`Default USD price`}
          decimal
          input={{ value: defaults.priceUsd, onChange: setDefault('priceUsd') }}
        />
        <NumberField
          label={t`Default minimum`}
          min={1}
          input={{ value: defaults.minimumOrderQuantity, onChange: setDefault('minimumOrderQuantity') }}
        />
        <NumberField
          label={t`Default stock`}
          input={{ value: defaults.stock, onChange: setDefault('stock') }}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={generate}>
          <Trans>Generate options</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={copyToAll}>
          <Trans>Copy price and minimum to all</Trans>
        </button>
      </div>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <p role="status" className="field__hint">
        {done ?? ''}
      </p>
    </fieldset>
  );
}
