import {
  type CartData,
  emailField,
  HOME_COUNTRY,
  messages,
  orderSubmitProblems,
  PHONE_PLACEHOLDER_ORDER,
  PO_REFERENCE_MAX,
  poReferenceField,
  type UserProfile,
} from '@kshop/contract';
import { CountryOptions, FormField, useAlert, useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import '../../../components/ui/form-extras.css';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError, isPendingApproval } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-errors';
import { markLoggedIn } from '../../../lib/session-flag';
import { defaultAddressOf } from '../../addresses';
import { CART_QUERY_KEY, cartTotal } from '../../cart';
import { ORDERS_QUERY_KEY } from '../../orders';
import { type PlacedOrder, placeOrder } from '../api/place-order';
import { useCheckoutAttempt } from '../hooks/use-checkout-attempt';
import { AddressPickerDialog } from './address-picker-dialog';
import { OrderPlacedDialog } from './order-placed-dialog';
import { ProductInformation } from './product-information';

type DeliveryFields = {
  receiverName: string;
  receiverEmail: string;
  phoneNumber: string;
  postalCode: string;
  addressDetail: string;
  /** ISO 3166-1 alpha-2, or '' when none is chosen (a Global company's typed address). */
  country: string;
  /** The buyer's own purchase-order number (issue 35); optional. */
  poReference: string;
};

type DeliveryFormProps = { profile: UserProfile; cart: CartData };

type FieldProblems = Partial<
  Record<'receiverName' | 'receiverEmail' | 'phoneNumber' | 'addressDetail', string>
>;

/**
 * The spec's 'is required' lines (the contract's English, as its rule returns them) that belong to a field of this
 * form, to show beside that field as well.
 */
function fieldProblems(problems: readonly string[]): FieldProblems {
  const byField: FieldProblems = {};
  if (problems.includes(messages.order.receiverNameRequired))
    byField.receiverName = messages.order.receiverNameRequired;
  if (problems.includes(messages.order.receiverEmailRequired))
    byField.receiverEmail = messages.order.receiverEmailRequired;
  if (problems.includes(messages.order.phoneRequired)) byField.phoneNumber = messages.order.phoneRequired;
  if (problems.includes(messages.order.addressRequired))
    byField.addressDetail = messages.order.addressRequired;
  return byField;
}

/** An address is one line for the order; a line break typed or pasted into the box becomes a space. */
const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ');

/**
 * What is wrong with a receiver email that is filled in, by the contract's rule (the one the server applies), so a
 * malformed address is named before the confirm instead of failing after it.
 */
export function receiverEmailProblem(email: string): string | null {
  if (email.trim() === '') return null;
  const checked = emailField.safeParse(email.trim());
  return checked.success ? null : (checked.error.issues[0]?.message ?? messages.contact.emailPattern);
}

/** What is wrong with the PO number typed, by the contract's rule (the server's), or null: it may be empty. */
export function poReferenceProblem(poReference: string): string | null {
  const checked = poReferenceField.safeParse(poReference);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** The 'Delivery' form, the 'Product Information' panel beside it and ORDER NOW (spec sections 2, 5 and 8). */
export function DeliveryForm({ profile, cart }: DeliveryFormProps) {
  const { t } = useLingui();
  // The page's language; `messages` below (from '@kshop/contract') stays the English the rules compare with.
  const { messages: texts, localize } = useContractTexts();
  /** A problem kept in the contract's English, shown in the page's language. */
  const shown = (problem: string | null | undefined) => (problem ? localize(problem) : undefined);
  const queryClient = useQueryClient();
  const alert = useAlert();
  const confirm = useConfirm();
  const formId = useId();
  const startAddress = defaultAddressOf(profile.addresses);
  // The receiver starts as the member's own company contact; every field stays editable.
  const [fields, setFields] = useState<DeliveryFields>({
    receiverName: profile.representativeName,
    receiverEmail: profile.email,
    phoneNumber: profile.phoneNumber,
    postalCode: startAddress?.postalCode ?? '',
    addressDetail: startAddress?.addressDetail ?? '',
    country: startAddress?.country ?? (profile.isKoreanCompany ? HOME_COUNTRY : ''),
    poReference: '',
  });
  const [addressUuid, setAddressUuid] = useState<string | null>(startAddress?.addressUuid ?? null);
  const [picking, setPicking] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const attempt = useCheckoutAttempt();
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [poError, setPoError] = useState<string | null>(null);
  const poRef = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState<FieldProblems>({});

  const edit =
    (name: keyof DeliveryFields) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      if (name === 'receiverEmail') setEmailError(null);
      if (name === 'poReference') setPoError(null);
      setMissing((current) => (name in current ? { ...current, [name]: undefined } : current));
      const value = name === 'addressDetail' ? oneLine(event.target.value) : event.target.value;
      setFields((current) => ({ ...current, [name]: value }));
    };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (placing) return;
    const problems = orderSubmitProblems(
      {
        companyName: profile.companyName,
        receiverEmail: fields.receiverEmail,
        receiverName: fields.receiverName,
        phoneNumber: fields.phoneNumber,
        addressDetail: fields.addressDetail,
        businessRegistrationNumber: profile.businessRegistrationNumber,
      },
      cart.cartList.length,
    );
    setMissing(fieldProblems(problems));
    if (problems.length > 0) {
      void alert([texts.order.fillIn, ...problems.map(localize)].join('\n'));
      return;
    }
    const emailProblem = receiverEmailProblem(fields.receiverEmail);
    if (emailProblem) {
      setEmailError(emailProblem);
      // The alert returns focus to where it was when it opened: the field to correct.
      emailRef.current?.focus();
      const problem = localize(emailProblem);
      void alert(t`Receiver email: ${problem}`);
      return;
    }
    const poProblem = poReferenceProblem(fields.poReference);
    if (poProblem) {
      setPoError(poProblem);
      poRef.current?.focus();
      void alert(localize(poProblem));
      return;
    }
    if (!(await confirm(texts.order.confirmPlace))) return;

    setPlacing(true);
    const request = {
      currencyCode: cart.currencyCode,
      // The total the buyer is looking at; the server refuses the order if its own sum differs.
      finalPaymentAmount: cartTotal(cart),
      receiverInfo: {
        companyName: profile.companyName,
        companyEmail: fields.receiverEmail.trim(),
        receiverName: fields.receiverName.trim(),
        postalCode: fields.postalCode.trim(),
        addressDetail: fields.addressDetail.trim(),
        phoneNumber: fields.phoneNumber.trim(),
        ...(fields.country ? { country: fields.country } : {}),
      },
      // Only when given: an order without one reads exactly as before.
      ...(fields.poReference.trim() ? { poReference: fields.poReference.trim() } : {}),
      productOptionList: cart.cartList.map((item) => ({
        productOptionUuid: item.productOption.uuid,
        quantity: item.quantity,
      })),
    };
    try {
      const order = await placeOrder(request, attempt.keyFor(request));
      attempt.settle();
      markLoggedIn();
      setPlaced(order);
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    } catch (error) {
      attempt.settle(error);
      if (isPendingApproval(error)) return;
      if (isApiError(error) && error.statusCode === 409) {
        // Prices changed, not enough stock, other currency: the server's sentence says what to do.
        void alert(error.message);
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      } else if (isApiError(error) && error.statusCode === 400) {
        // A field the server refused (e.g. the email's format): say which, after the spec's sentence.
        void alert(`${texts.order.failed}\n${error.message}`);
      } else {
        void alert(localize(failureMessage(error, texts.order.failed)));
      }
    } finally {
      setPlacing(false);
    }
  };

  return (
    <div className="checkout__layout">
      <form
        id={formId}
        className="checkout__form"
        aria-labelledby="checkout-title"
        noValidate
        onSubmit={submit}
      >
        <h2 className="checkout__heading">
          <Trans context="checkout section">Company</Trans>
        </h2>
        <FormField label={t`Business registration number`}>
          {(control) => <input {...control} value={profile.businessRegistrationNumber} readOnly />}
        </FormField>
        <FormField label={t`Company name`}>
          {(control) => (
            <input {...control} value={profile.companyName} readOnly autoComplete="organization" />
          )}
        </FormField>
        <FormField
          label={t`Your PO number`}
          hint={t`Optional. Your own purchase-order number, printed on the invoice and the packing list.`}
          error={shown(poError)}
        >
          {(control) => (
            <input
              {...control}
              ref={poRef}
              value={fields.poReference}
              onChange={edit('poReference')}
              maxLength={PO_REFERENCE_MAX}
              autoComplete="off"
            />
          )}
        </FormField>
        <h2 className="checkout__heading checkout__heading--later">
          <Trans>Receiver</Trans>
        </h2>
        <p className="checkout__required-note">
          <Trans>
            Fields marked <span aria-hidden="true">*</span> are required.
          </Trans>
        </p>
        <FormField label={t`Receiver name`} className="field--required" error={shown(missing.receiverName)}>
          {(control) => (
            <input
              {...control}
              value={fields.receiverName}
              onChange={edit('receiverName')}
              autoComplete="name"
              required
            />
          )}
        </FormField>
        <FormField
          label={t`Receiver email`}
          className="field--required"
          error={shown(emailError ?? missing.receiverEmail)}
        >
          {(control) => (
            <input
              {...control}
              ref={emailRef}
              type="email"
              value={fields.receiverEmail}
              onChange={edit('receiverEmail')}
              autoComplete="email"
              required
            />
          )}
        </FormField>
        <FormField label={t`Phone number`} className="field--required" error={shown(missing.phoneNumber)}>
          {(control) => (
            <input
              {...control}
              type="tel"
              placeholder={PHONE_PLACEHOLDER_ORDER}
              value={fields.phoneNumber}
              onChange={edit('phoneNumber')}
              autoComplete="tel"
              required
            />
          )}
        </FormField>
        <div className="checkout__address-head">
          <h2 className="checkout__heading checkout__heading--flush">
            <Trans>Shipping address</Trans>
          </h2>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setPicking(true)}
          >
            <Trans>Select / Add Address</Trans>
          </button>
        </div>
        <FormField label={t`Postal code`} hint={t`Optional`}>
          {(control) => (
            <input
              {...control}
              value={fields.postalCode}
              onChange={edit('postalCode')}
              autoComplete="postal-code"
              autoCapitalize="characters"
            />
          )}
        </FormField>
        <FormField label={t`Address`} className="field--required" error={shown(missing.addressDetail)}>
          {(control) => (
            <textarea
              {...control}
              className="checkout__address"
              rows={2}
              value={fields.addressDetail}
              onChange={edit('addressDetail')}
              autoComplete="street-address"
              required
            />
          )}
        </FormField>
        <FormField label={t`Country`} hint={t`Optional`}>
          {(control) => (
            <select {...control} value={fields.country} onChange={edit('country')} autoComplete="country">
              <CountryOptions placeholder={t`Choose a country`} />
            </select>
          )}
        </FormField>
      </form>

      <ProductInformation cart={cart}>
        <button
          type="submit"
          form={formId}
          className="button button--block button--large"
          disabled={placing}
          aria-busy={placing}
        >
          {placing && <span className="busy-spinner" aria-hidden="true" />}
          <Trans>ORDER NOW</Trans>
        </button>
      </ProductInformation>

      {picking && (
        <AddressPickerDialog
          selectedAddressUuid={addressUuid}
          onClose={() => setPicking(false)}
          onSelect={(address) => {
            setAddressUuid(address.addressUuid);
            setFields((current) => ({
              ...current,
              postalCode: address.postalCode,
              addressDetail: address.addressDetail,
              country: address.country ?? current.country,
            }));
          }}
        />
      )}
      {placed && <OrderPlacedDialog order={placed} />}
    </div>
  );
}
