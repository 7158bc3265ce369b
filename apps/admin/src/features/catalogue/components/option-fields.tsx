import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
import { VolumeTiersEditor } from '../../pricing';
import { NumberField } from './number-field';
import { OptionGrid } from './option-grid';
import { emptyOption, type OptionRow, type ProductFormValues } from './product-form-model';
import { StockAlertCount, useStockAlertCounts } from './stock-alert-count';

/**
 * The options of a product: one or two keys shared by all options (the API requires the same keys on every
 * option), then one group of fields per option with its values, prices, stock and flags; exactly one is the
 * default.
 */
export function OptionFields() {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'options' });
  const waiting = useStockAlertCounts(useParams().id);
  const [key1, key2, defaultOption, preorder] = useWatch({
    control,
    name: ['optionKey1', 'optionKey2', 'defaultOption', 'preorder'],
  });
  const hasKey2 = key2.trim() !== '';

  const removeOption = (index: number) => {
    const current = Number(getValues('defaultOption'));
    remove(index);
    const next = current === index ? 0 : current > index ? current - 1 : current;
    setValue('defaultOption', String(next), { shouldDirty: true });
  };

  const optionError = (index: number, field: keyof OptionRow) => {
    const message = errors.options?.[index]?.[field]?.message;
    return message && localize(message);
  };

  return (
    <section className="panel" aria-labelledby="options-heading">
      <h2 id="options-heading">
        <Trans>Options</Trans>
      </h2>
      <div className="grid-2">
        <FormField
          label={t`Option key 1`}
          error={errors.optionKey1?.message && localize(errors.optionKey1.message)}
          hint={t`For example COLOR or MEMBER.`}
        >
          {(props) => <input {...props} {...register('optionKey1')} />}
        </FormField>
        <FormField
          label={t`Option key 2 (optional)`}
          error={errors.optionKey2?.message && localize(errors.optionKey2.message)}
          hint={t`Leave empty for options with one key, or e.g. SIZE.`}
        >
          {(props) => <input {...props} {...register('optionKey2')} />}
        </FormField>
      </div>
      <OptionGrid
        onReplace={(rows) => {
          replace(rows);
          if (Number(getValues('defaultOption')) >= rows.length)
            setValue('defaultOption', '0', { shouldDirty: true });
        }}
      />
      {errors.options?.root?.message && (
        <p role="alert" className="form-error">
          {localize(errors.options.root.message)}
        </p>
      )}
      <div className="option-list">
        {fields.map((field, index) => {
          const row = getValues(`options.${index}`) ?? field;
          const n = index + 1;
          const key1Name = key1.trim();
          const key2Name = key2.trim();
          const held = row.holdStock;
          return (
            <fieldset key={field.id} className="option-card">
              <legend>
                <Trans>Option {n}</Trans>
                {defaultOption === String(index) && (
                  <span className="badge badge--info">
                    <Trans>Default</Trans>
                  </span>
                )}
              </legend>
              <div className="option-grid">
                <FormField
                  label={key1Name ? t`Value 1 (${key1Name})` : t`Value 1`}
                  error={optionError(index, 'value1')}
                >
                  {(props) => <input {...props} {...register(`options.${index}.value1`)} />}
                </FormField>
                {hasKey2 && (
                  <FormField label={t`Value 2 (${key2Name})`} error={optionError(index, 'value2')}>
                    {(props) => <input {...props} {...register(`options.${index}.value2`)} />}
                  </FormField>
                )}
                <FormField
                  label="SKU"
                  error={optionError(index, 'sku')}
                  hint={row.uuid ? undefined : t`Leave empty and the shop gives the next KS number.`}
                >
                  {(props) => <input {...props} autoComplete="off" {...register(`options.${index}.sku`)} />}
                </FormField>
                <FormField label={t`Barcode (optional)`} error={optionError(index, 'barcode')}>
                  {(props) => (
                    <input {...props} autoComplete="off" {...register(`options.${index}.barcode`)} />
                  )}
                </FormField>
                <NumberField
                  label={t`Weight in grams (optional)`}
                  error={optionError(index, 'weightGrams')}
                  input={register(`options.${index}.weightGrams`)}
                />
                <NumberField
                  label={t`KRW price`}
                  error={optionError(index, 'priceKrw')}
                  input={register(`options.${index}.priceKrw`)}
                />
                <NumberField
                  label={t`USD price`}
                  error={optionError(index, 'priceUsd')}
                  decimal
                  input={register(`options.${index}.priceUsd`)}
                />
                <NumberField
                  label={t`Compared KRW price`}
                  error={optionError(index, 'comparedPriceKrw')}
                  input={register(`options.${index}.comparedPriceKrw`)}
                />
                <NumberField
                  label={t`Compared USD price`}
                  error={optionError(index, 'comparedPriceUsd')}
                  decimal
                  input={register(`options.${index}.comparedPriceUsd`)}
                />
                <NumberField
                  label={t`Stock`}
                  error={optionError(index, 'stock')}
                  hint={held > 0 ? t`${held} held by open orders` : undefined}
                  min={row.holdStock}
                  input={register(`options.${index}.stock`)}
                />
                <NumberField
                  label={t`Minimum order quantity`}
                  error={optionError(index, 'minimumOrderQuantity')}
                  min={1}
                  input={register(`options.${index}.minimumOrderQuantity`)}
                />
                <NumberField
                  label={t`Order multiple`}
                  error={optionError(index, 'orderMultiple')}
                  hint={t`Ordered in multiples of this (10: 10, 20, 30, ...); 1 is any quantity.`}
                  min={1}
                  input={register(`options.${index}.orderMultiple`)}
                />
                <NumberField
                  label={t`Maximum per order`}
                  error={optionError(index, 'maxPerOrder')}
                  hint={t`Optional: empty is no limit.`}
                  min={1}
                  input={register(`options.${index}.maxPerOrder`)}
                />
                <NumberField
                  label={t`Low-stock threshold`}
                  error={optionError(index, 'lowStockThreshold')}
                  hint={t`Low when this many or fewer are available.`}
                  input={register(`options.${index}.lowStockThreshold`)}
                />
                {preorder && (
                  <>
                    <NumberField
                      label={t`Pre-order cap`}
                      error={optionError(index, 'preorderCap')}
                      hint={
                        row.preorderTaken > 0
                          ? t`${row.preorderTaken} taken by open pre-orders; empty is no cap.`
                          : t`Units taken in all; empty is no cap.`
                      }
                      min={row.preorderTaken}
                      input={register(`options.${index}.preorderCap`)}
                    />
                    <NumberField
                      label={t`Cap per company`}
                      error={optionError(index, 'preorderBuyerCap')}
                      hint={t`Optional: empty is no cap.`}
                      min={1}
                      input={register(`options.${index}.preorderBuyerCap`)}
                    />
                  </>
                )}
              </div>
              {row.uuid && waiting.data && <StockAlertCount waiting={waiting.data.get(row.uuid)} />}
              {row.uuid && <VolumeTiersEditor optionId={row.uuid} label={t`option ${n}`} />}
              <div className="option-card__flags">
                <label className="checkbox">
                  <input type="checkbox" {...register(`options.${index}.isSoldOut`)} />
                  <Trans>Sold out</Trans>
                </label>
                <label className="checkbox">
                  <input
                    type="radio"
                    name="defaultOption"
                    value={String(index)}
                    checked={defaultOption === String(index)}
                    onChange={() => setValue('defaultOption', String(index), { shouldDirty: true })}
                  />
                  <Trans>Default option</Trans>
                </label>
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={t`Remove option ${n}`}
                  disabled={fields.length === 1}
                  onClick={() => removeOption(index)}
                >
                  <Trans>Remove</Trans>
                </button>
              </div>
            </fieldset>
          );
        })}
      </div>
      <button type="button" className="button button--secondary" onClick={() => append(emptyOption())}>
        <Trans>Add option</Trans>
      </button>
    </section>
  );
}
