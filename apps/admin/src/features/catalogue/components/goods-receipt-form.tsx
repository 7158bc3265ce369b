import { zodResolver } from '@hookform/resolvers/zod';
import { ALLOCATION_MESSAGES, type GoodsReceiptView, goodsReceiptRequest } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import { NumberField } from './number-field';

type ReceiptInput = z.input<typeof goodsReceiptRequest>;
type Receipt = z.output<typeof goodsReceiptRequest>;

/**
 * Goods that arrived for the option: checked as the API checks them, then recorded; the form empties after and
 * says what the receipt did: when it filled every waiting pre-order it allocated them all, else staff choose a
 * rule below.
 */
export function GoodsReceiptForm({
  onRecord,
}: {
  onRecord: (receipt: Receipt) => Promise<GoodsReceiptView>;
}) {
  const { t } = useLingui();
  const { localize, staff } = useContractTexts();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<GoodsReceiptView | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReceiptInput, unknown, Receipt>({
    resolver: zodResolver(goodsReceiptRequest),
    defaultValues: { note: '' },
  });

  const submit = handleSubmit(async (receipt) => {
    setFailure(null);
    setDone(null);
    try {
      const recorded = await onRecord(receipt);
      // A number input shows NaN as empty: the next receipt starts from a blank quantity.
      reset({ quantity: Number.NaN, note: '' });
      setDone(recorded);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <section className="panel" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">
        <Trans>Record goods receipt</Trans>
      </h2>
      <form className="inline-form" onSubmit={(event) => void submit(event)} noValidate>
        <NumberField
          label={t`Quantity received`}
          min={1}
          error={errors.quantity && localize(errors.quantity.message ?? '')}
          input={register('quantity', { valueAsNumber: true, onChange: () => setDone(null) })}
        />
        <FormField
          label={t`Note`}
          hint={t`Optional, e.g. the shipment or the label's invoice`}
          error={errors.note && localize(errors.note.message ?? '')}
        >
          {(control) => <input {...control} {...register('note')} />}
        </FormField>
        <button type="submit" className="button" disabled={isSubmitting}>
          <Trans>Record receipt</Trans>
        </button>
      </form>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="notice">
          <span>
            {done.allocatedOnReceipt
              ? staff.allocation.allocatedOnReceipt(
                  done.allocatedOnReceipt.lines,
                  done.allocatedOnReceipt.units,
                )
              : localize(ALLOCATION_MESSAGES.receiptRecorded)}
          </span>
          {!done.allocatedOnReceipt && done.lines.length > 0 && (
            <>
              {' '}
              <span>
                {t`It does not fill every waiting pre-order, so nothing was allocated: choose a rule below and commit.`}
              </span>
            </>
          )}
        </p>
      )}
    </section>
  );
}
