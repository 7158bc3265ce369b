/** Shipping addresses: the public face of this feature (My Account and the checkout's address picker use it). */
export {
  type AddressInput,
  type AddressUpdate,
  type AddressView,
  defaultAddressOf,
  useAddAddress,
  useAddresses,
  useDeleteAddress,
  useUpdateAddress,
} from './api/addresses-api';
export { AddressDialog, type AddressDialogProps } from './components/address-dialog';
export { AddressList, type AddressListProps } from './components/address-list';
