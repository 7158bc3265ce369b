import { zodResolver } from '@hookform/resolvers/zod';
import { type AddressView, addressFormFor, HOME_COUNTRY } from '@kshop/contract';
import { CountryOptions, Modal, useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useContractTexts } from '../../../i18n/contract-texts';
import { failureMessage } from '../../../lib/api-errors';
import { useAddAddress, useUpdateAddress } from '../api/addresses-api';
import '../../../components/ui/form-extras.css';
import './addresses.css';
import { BusyLabel } from '../../../components/ui/busy-label';

export type AddressDialogProps = {
  /** The address to edit; without it the dialog adds a new one. */
  address?: AddressView;
  /** A Korean company's address starts in Korea; a Global company's must name its country. */
  isKoreanCompany: boolean;
  onClose: () => void;
  /** Called with the saved address after the server accepted it (the dialog has closed by then). */
  onSaved?: (address: AddressView) => void;
};

/**
 * 'Add Address' or 'Edit Address' (spec section 2): postal code (optional), shipping address (required),
 * 'Set as default address', SAVE or UPDATE. The dialog closes on success and the spec's alert follows.
 * A country select comes after the address: overseas buyers' postal codes only read whole with it.
 */
export function AddressDialog({ address, isKoreanCompany, onClose, onSaved }: AddressDialogProps) {
  const editing = address !== undefined;
  const alert = useAlert();
  const { t } = useLingui();
  const { messages, localize } = useContractTexts();
  const add = useAddAddress();
  const update = useUpdateAddress();
  const id = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(addressFormFor(isKoreanCompany, address?.country ?? null)),
    defaultValues: {
      postalCode: address?.postalCode ?? '',
      addressDetail: address?.addressDetail ?? '',
      isDefault: address?.isDefault ?? false,
      country: address?.country ?? (isKoreanCompany ? HOME_COUNTRY : undefined),
    },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = editing
        ? await update.mutateAsync({ addressUuid: address.addressUuid, ...values })
        : await add.mutateAsync(values);
      onClose();
      onSaved?.(saved);
      void alert(editing ? messages.address.updated : messages.address.added);
    } catch (error) {
      void alert(failureMessage(error, editing ? messages.address.updateFailed : messages.address.addFailed));
    }
  });

  const titleId = `${id}-title`;
  const noticeId = `${id}-notice`;
  return (
    <Modal labelledBy={titleId} describedBy={noticeId} onClose={onClose} className="address-dialog">
      <h2 id={titleId} className="modal__title">
        {editing ? <Trans>Edit Address</Trans> : <Trans>Add Address</Trans>}
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-postal`}>
            <Trans>Postal code</Trans>
          </label>
          <input
            id={`${id}-postal`}
            autoComplete="postal-code"
            autoCapitalize="characters"
            aria-describedby={`${id}-postal-hint${errors.postalCode ? ` ${id}-postal-error` : ''}`}
            aria-invalid={errors.postalCode ? true : undefined}
            {...register('postalCode')}
          />
          <p id={`${id}-postal-hint`} className="field__hint">
            <Trans>Optional</Trans>
          </p>
          {errors.postalCode && (
            <p id={`${id}-postal-error`} role="alert" className="field__error">
              {localize(errors.postalCode.message ?? '')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-detail`}>
            <Trans>Shipping address</Trans>
          </label>
          <textarea
            id={`${id}-detail`}
            rows={3}
            autoComplete="street-address"
            aria-required="true"
            aria-invalid={errors.addressDetail ? true : undefined}
            aria-describedby={errors.addressDetail ? `${id}-detail-error` : undefined}
            {...register('addressDetail')}
          />
          {errors.addressDetail && (
            <p id={`${id}-detail-error`} role="alert" className="field__error">
              {localize(errors.addressDetail.message ?? '')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-country`}>
            <Trans>Country</Trans>
          </label>
          <select
            id={`${id}-country`}
            autoComplete="country"
            aria-required={isKoreanCompany ? undefined : true}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? `${id}-country-error` : undefined}
            {...register('country', { setValueAs: (code: string | undefined) => code || undefined })}
          >
            <CountryOptions placeholder={t`Choose a country`} />
          </select>
          {errors.country && (
            <p id={`${id}-country-error`} role="alert" className="field__error">
              {localize(errors.country.message ?? '')}
            </p>
          )}
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register('isDefault')} />
          <span>
            <Trans>Set as default address</Trans>
          </span>
        </label>
        <p id={noticeId} className="address-dialog__notice">
          {messages.address.notice}
        </p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
            <BusyLabel busy={isSubmitting}>{editing ? <Trans>UPDATE</Trans> : <Trans>SAVE</Trans>}</BusyLabel>
          </button>
        </div>
      </form>
    </Modal>
  );
}
