import {
  BULK_PERCENT,
  type BulkAction,
  type BulkEditRequest,
  type BulkEditResult,
  CURRENCIES,
  type CurrencyCode,
  formatPrice,
  fromMinorUnits,
  PRICE_ROUNDING,
  PRODUCT_TAGS,
  type ProductTag,
} from '@kshop/contract';
import { FormField, Modal } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { Category } from '../api/catalogue-api';
import { CategoryOptions, categoryName } from './category-options';

export const BULK_ACTION_LABELS: Record<BulkAction, MessageDescriptor> = {
  soldOut: msg`Mark sold out (all options)`,
  inStock: msg`Mark back in stock (all options)`,
  setTags: msg`Set tags`,
  clearTags: msg`Clear tags`,
  category: msg`Move to category`,
  pricePercent: msg`Change prices by a percentage`,
};

const TAG_LABELS: Record<ProductTag, MessageDescriptor> = {
  sale: msg`Sale`,
  pre: msg`Pre-order`,
  new: msg({ message: 'New', context: 'product tag' }),
  hot: msg`Hot`,
};

const FIELD_LABELS: Record<string, MessageDescriptor> = {
  isSoldOut: msg`Sold out`,
  tags: msg`Tags`,
  categoryId: msg`Category`,
  priceKrw: msg`KRW price`,
  priceUsd: msg`USD price`,
  comparedPriceKrw: msg`Compared KRW price`,
  comparedPriceUsd: msg`Compared USD price`,
};

type BulkBarProps = {
  selected: string[];
  categories: Category[];
  onPreview: (request: BulkEditRequest) => Promise<BulkEditResult>;
  onApply: (request: BulkEditRequest) => Promise<BulkEditResult>;
  /** After a bulk edit was applied: its result, to clear the selection and reload. */
  onApplied: (result: BulkEditResult) => void;
  onClearSelection: () => void;
};

/**
 * The bar over the product list once products are selected: choose what to do, preview every change it makes,
 * then apply it (one audit entry per product changed).
 */
export function BulkBar({
  selected,
  categories,
  onPreview,
  onApply,
  onApplied,
  onClearSelection,
}: BulkBarProps) {
  const { t, i18n } = useLingui();
  const [action, setAction] = useState<BulkAction>('soldOut');
  const [tags, setTags] = useState<ProductTag[]>([]);
  const [categoryId, setCategoryId] = useState('');
  const [percent, setPercent] = useState('');
  const [currencies, setCurrencies] = useState<CurrencyCode[]>(['KRW', 'USD']);
  const [roundTo, setRoundTo] = useState<Record<CurrencyCode, number>>({ KRW: 1, USD: 1 });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ request: BulkEditRequest; result: BulkEditResult } | null>(null);

  /** The request the form describes, or the reason it is not complete yet. */
  const request = (): BulkEditRequest | string => {
    const productIds = selected;
    switch (action) {
      case 'setTags':
        return tags.length ? { productIds, action, value: tags } : t`Choose at least one tag.`;
      case 'category':
        return categoryId ? { productIds, action, value: Number(categoryId) } : t`Choose a category.`;
      case 'pricePercent': {
        const value = Number(percent);
        if (percent.trim() === '' || !Number.isFinite(value)) return t`Enter a percentage, e.g. 10 or -15.`;
        if (value < BULK_PERCENT.min || value > BULK_PERCENT.max)
          return t`The percentage is between ${BULK_PERCENT.min} and +${BULK_PERCENT.max}.`;
        if (value === 0) return t`A change of 0 % changes nothing.`;
        if (currencies.length === 0) return t`Choose at least one currency.`;
        return {
          productIds,
          action,
          value,
          currencies,
          roundTo: Object.fromEntries(currencies.map((currency) => [currency, roundTo[currency]])),
        };
      }
      default:
        return { productIds, action };
    }
  };

  const showPreview = async (event: React.FormEvent) => {
    event.preventDefault();
    const built = request();
    if (typeof built === 'string') {
      setProblem(built);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setPreview({ request: built, result: await onPreview(built) });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="bulk-bar panel"
      aria-label={t`Bulk edit the selected products`}
      onSubmit={(event) => void showPreview(event)}
      noValidate
    >
      <p className="bulk-bar__count" aria-live="polite">
        <Trans>
          <strong>{selected.length}</strong> selected
        </Trans>
      </p>
      <FormField label={t`Action`}>
        {(control) => (
          <select
            {...control}
            value={action}
            onChange={(event) => {
              setAction(event.target.value as BulkAction);
              setProblem(null);
            }}
          >
            {Object.entries(BULK_ACTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {action === 'setTags' && (
        <fieldset className="bulk-bar__tags">
          <legend>
            <Trans>Tags</Trans>
          </legend>
          {PRODUCT_TAGS.map((tag) => (
            <label key={tag} className="checkbox">
              <input
                type="checkbox"
                checked={tags.includes(tag)}
                onChange={(event) =>
                  setTags(event.target.checked ? [...tags, tag] : tags.filter((chosen) => chosen !== tag))
                }
              />
              {i18n._(TAG_LABELS[tag])}
            </label>
          ))}
        </fieldset>
      )}
      {action === 'category' && (
        <FormField label={t`New category`}>
          {(control) => (
            <select {...control} value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
              <option value="">{t`Choose a category`}</option>
              <CategoryOptions categories={categories} />
            </select>
          )}
        </FormField>
      )}
      {action === 'pricePercent' && (
        <FormField
          label={t`Change (%)`}
          hint={t`From ${BULK_PERCENT.min} to +${BULK_PERCENT.max}; negative lowers prices.`}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              step="any"
              min={BULK_PERCENT.min}
              max={BULK_PERCENT.max}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          )}
        </FormField>
      )}
      {action === 'pricePercent' && (
        <fieldset className="bulk-bar__currencies">
          <legend>
            <Trans>Prices to change</Trans>
          </legend>
          {CURRENCIES.map((currency) => (
            <div key={currency} className="bulk-bar__currency">
              <label>
                <input
                  type="checkbox"
                  checked={currencies.includes(currency)}
                  onChange={(event) =>
                    setCurrencies((now) =>
                      event.target.checked
                        ? CURRENCIES.filter((c) => c === currency || now.includes(c))
                        : now.filter((c) => c !== currency),
                    )
                  }
                />{' '}
                {currency === 'KRW' ? t`Won prices` : t`Dollar prices`}
              </label>
              <label>
                {currency === 'KRW' ? t`Round won prices to` : t`Round dollar prices to`}{' '}
                <select
                  value={roundTo[currency]}
                  disabled={!currencies.includes(currency)}
                  onChange={(event) =>
                    setRoundTo((now) => ({ ...now, [currency]: Number(event.target.value) }))
                  }
                >
                  {PRICE_ROUNDING[currency].map((step) => (
                    <option key={step} value={step}>
                      {formatPrice(fromMinorUnits(step, currency), currency)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t`Preparing preview...` : t`Preview changes`}
        </button>
        <button type="button" className="button button--secondary" onClick={onClearSelection}>
          <Trans>Clear selection</Trans>
        </button>
      </div>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      {preview && (
        <BulkPreviewDialog
          result={preview.result}
          actionLabel={i18n._(BULK_ACTION_LABELS[preview.request.action])}
          categories={categories}
          onApply={() => onApply(preview.request)}
          onApplied={(result) => {
            setPreview(null);
            onApplied(result);
          }}
          onClose={() => setPreview(null)}
        />
      )}
    </form>
  );
}

function shown(
  field: string,
  value: unknown,
  categories: Category[],
  words: { yes: string; no: string; none: string },
): string {
  if (value === null || value === undefined) return '—';
  if (field === 'isSoldOut') return value ? words.yes : words.no;
  if (field === 'categoryId') return categoryName(categories, Number(value));
  if (Array.isArray(value)) return value.length ? value.join(', ') : words.none;
  // Prices with their currency and thousand separators: ₩14,300, US$11.50.
  if (typeof value === 'number' && /Krw$/.test(field)) return formatPrice(value, 'KRW');
  if (typeof value === 'number' && /Usd$/.test(field)) return formatPrice(value, 'USD');
  return String(value);
}

type BulkPreviewDialogProps = {
  result: BulkEditResult;
  actionLabel: string;
  categories: Category[];
  onApply: () => Promise<BulkEditResult>;
  onApplied: (result: BulkEditResult) => void;
  onClose: () => void;
};

/** Every change a bulk edit would make, product by product; nothing changes until Apply. */
export function BulkPreviewDialog({
  result,
  actionLabel,
  categories,
  onApply,
  onApplied,
  onClose,
}: BulkPreviewDialogProps) {
  const { t, i18n } = useLingui();
  const words = { yes: t`Yes`, no: t`No`, none: t`(none)` };
  const fieldLabel = (field: string) => {
    const label = FIELD_LABELS[field];
    return label ? i18n._(label) : field;
  };
  const changed = result.changed;
  const unchanged = result.unchanged;
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const apply = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onApplied(await onApply());
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="bulk-preview">
      <h2 id={titleId} className="modal__title">
        <Trans>Preview: {actionLabel}</Trans>
      </h2>
      <p>
        {unchanged > 0
          ? plural(changed, {
              one: `# product will change; ${unchanged} already match and stay as they are.`,
              other: `# products will change; ${unchanged} already match and stay as they are.`,
            })
          : plural(changed, { one: '# product will change.', other: '# products will change.' })}
      </p>
      {result.productList.length > 0 && (
        <div className="table-scroll bulk-preview__changes">
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Changes per product</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Option</Trans>
                </th>
                <th scope="col">
                  <Trans>Field</Trans>
                </th>
                <th scope="col">
                  <Trans>Now</Trans>
                </th>
                <th scope="col">
                  <Trans>After</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.productList.flatMap((product) =>
                product.changes.map((change, index) => (
                  <tr key={`${product.uuid}-${change.option ?? ''}-${change.field}`}>
                    <td>{index === 0 ? product.title : ''}</td>
                    <td>{change.option ?? '—'}</td>
                    <td>{fieldLabel(change.field)}</td>
                    <td>{shown(change.field, change.before, categories, words)}</td>
                    <td>{shown(change.field, change.after, categories, words)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || result.changed === 0}
          aria-busy={busy}
          onClick={() => void apply()}
        >
          {busy
            ? t`Applying...`
            : plural(changed, { one: 'Apply to # product', other: 'Apply to # products' })}
        </button>
      </div>
    </Modal>
  );
}
