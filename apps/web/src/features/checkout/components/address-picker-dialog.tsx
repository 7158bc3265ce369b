import { Modal } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { AddressList, type AddressView } from '../../addresses';

type AddressPickerDialogProps = {
  selectedAddressUuid: string | null;
  onSelect: (address: AddressView) => void;
  onClose: () => void;
};

/** 'Select Address': the member's addresses (scrolling at 400 px) with Select, Edit, Delete and Add Address. */
export function AddressPickerDialog({ selectedAddressUuid, onSelect, onClose }: AddressPickerDialogProps) {
  const { messages } = useContractTexts();
  const id = useId();
  return (
    <Modal
      labelledBy={`${id}-title`}
      describedBy={`${id}-notice`}
      onClose={onClose}
      className="address-picker"
      placement="top"
    >
      <h2 id={`${id}-title`} className="modal__title">
        <Trans>Select Address</Trans>
      </h2>
      <p id={`${id}-notice`} className="address-picker__notice">
        {messages.address.notice}
      </p>
      <AddressList
        scrollable
        selectedAddressUuid={selectedAddressUuid}
        onSelect={(address) => {
          onSelect(address);
          onClose();
        }}
      />
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Modal>
  );
}
