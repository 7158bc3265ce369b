import type { AddressView } from '@kshop/contract';
import { countryName } from '@kshop/contract';
import { useAlert, useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/status';
import { useContractTexts } from '../../../i18n/contract-texts';
import { failureMessage } from '../../../lib/api-errors';
import { useUserProfile } from '../../../lib/user-profile';
import { useAddresses, useDeleteAddress } from '../api/addresses-api';
import { AddressDialog } from './address-dialog';
import './addresses.css';

export type AddressListProps = {
  /** Shows a 'Select' button on each address (the checkout's 'Select Address' picker). */
  onSelect?: (address: AddressView) => void;
  /** Marks the address currently chosen by `onSelect`'s owner. */
  selectedAddressUuid?: string | null;
  /** Scroll the list inside a box (400 px high), as the picker modal does. */
  scrollable?: boolean;
  /** Heading level of each address title; 3 by default. */
  headingLevel?: 2 | 3 | 4;
};

type DialogState = { mode: 'add' } | { mode: 'edit'; address: AddressView } | null;

/** Default first, then the rest in the server's order. */
const defaultFirst = (addresses: readonly AddressView[]) =>
  [...addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));

/**
 * The member's shipping addresses with edit and delete on each, 'No saved addresses.' when there are none, and
 * an 'Add Address' button. The add and edit dialogs live here too.
 */
export function AddressList({
  onSelect,
  selectedAddressUuid,
  scrollable = false,
  headingLevel = 3,
}: AddressListProps) {
  const addresses = useAddresses();
  // The same cached read as the addresses: whose company it is decides the dialog's country default.
  const profile = useUserProfile();
  const remove = useDeleteAddress();
  const alert = useAlert();
  const confirm = useConfirm();
  const { i18n } = useLingui();
  const { messages } = useContractTexts();
  const [dialog, setDialog] = useState<DialogState>(null);
  const id = useId();
  const Heading = `h${headingLevel}` as const;

  const onDelete = async (address: AddressView) => {
    if (!(await confirm(messages.address.confirmDelete))) return;
    try {
      await remove.mutateAsync(address.addressUuid);
      void alert(messages.address.deleted);
    } catch (error) {
      void alert(failureMessage(error, messages.address.deleteFailed));
    }
  };

  let body: React.ReactNode;
  if (addresses.isPending) body = <LoadingState />;
  else if (addresses.isError)
    body = <ErrorState message={messages.http.internal} onRetry={() => void addresses.refetch()} />;
  else if (addresses.data.length === 0) body = <EmptyState>{messages.address.empty}</EmptyState>;
  else
    body = (
      <ul className={`address-list__items${scrollable ? ' address-list__items--scroll' : ''}`}>
        {defaultFirst(addresses.data).map((address) => {
          const textId = `${id}-${address.addressUuid}`;
          const selected = selectedAddressUuid === address.addressUuid;
          return (
            <li
              key={address.addressUuid}
              className={`address-card${address.isDefault ? ' address-card--default' : ''}${selected ? ' address-card--selected' : ''}`}
            >
              <div className="address-card__body">
                <Heading className="address-card__title">
                  {address.isDefault ? (
                    <Trans context="shipping address">Default</Trans>
                  ) : (
                    <Trans context="shipping address">Address</Trans>
                  )}
                </Heading>
                <p id={textId} className="address-card__text">
                  {address.postalCode && (
                    <span className="address-card__postal">[{address.postalCode}] </span>
                  )}
                  {address.addressDetail}
                  {address.country && (
                    <span className="address-card__country">
                      , {countryName(address.country, i18n.locale)}
                    </span>
                  )}
                </p>
              </div>
              <div className="address-card__actions">
                {onSelect && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-describedby={textId}
                    aria-pressed={selectedAddressUuid === undefined ? undefined : selected}
                    onClick={() => onSelect(address)}
                  >
                    <Trans>Select</Trans>
                  </button>
                )}
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-describedby={textId}
                  onClick={() => setDialog({ mode: 'edit', address })}
                >
                  <Trans>Edit</Trans>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-describedby={textId}
                  disabled={remove.isPending && remove.variables === address.addressUuid}
                  onClick={() => void onDelete(address)}
                >
                  <Trans>Delete</Trans>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="address-list">
      {body}
      <button
        type="button"
        className="button button--secondary address-list__add"
        onClick={() => setDialog({ mode: 'add' })}
      >
        <Trans>Add Address</Trans>
      </button>
      {dialog && (
        <AddressDialog
          address={dialog.mode === 'edit' ? dialog.address : undefined}
          isKoreanCompany={profile.data?.isKoreanCompany ?? false}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
