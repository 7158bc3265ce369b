import { countryName, formatPrice, HOME_COUNTRY, PO_REFERENCE_MAX, poReferenceField } from '@kshop/contract';
import { CountryOptions, FormField } from '@kshop/ui';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type ApprovedBuyer, useBuyerForOrder, usePlaceTakenOrder } from '../api/new-order-api';
import { NewOrderBuyerPicker } from '../components/new-order-buyer';
import {
  type DraftLine,
  lineProblem,
  NewOrderLines,
  outsideWindow,
  unitFor,
} from '../components/new-order-lines';

const TYPED = 'typed';

/**
 * A new order taken for a buyer (phone and KakaoTalk orders): pick an approved buyer, add lines with the
 * stock available now and the buyer's unit price, choose one of its saved addresses or type one, and
 * place it. The server holds the stock and prices the order as it does a storefront order.
 */
export function NewOrderPage() {
  const { t, i18n } = useLingui();
  const { localize, messages } = useContractTexts();
  useDocumentTitle(t`New order`);
  const navigate = useNavigate();
  const [buyer, setBuyer] = useState<ApprovedBuyer | null>(null);
  const detail = useBuyerForOrder(buyer?.id ?? null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [addressId, setAddressId] = useState<string>(TYPED);
  const [receiver, setReceiver] = useState({
    receiverName: '',
    companyEmail: '',
    phoneNumber: '',
    postalCode: '',
    addressDetail: '',
    country: '',
  });
  const [outsideReason, setOutsideReason] = useState('');
  /** The buyer's own purchase-order number, usually said on the phone with the order (issue 35). */
  const [poReference, setPoReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const place = usePlaceTakenOrder();
  const chosenHeading = useRef<HTMLHeadingElement>(null);

  const currencyCode = buyer?.isKoreanCompany === false ? 'USD' : 'KRW';

  // A chosen buyer fills in its contact and default address; focus moves to what was chosen.
  useEffect(() => {
    if (!buyer) return;
    setReceiver((r) => ({
      ...r,
      receiverName: buyer.representativeName,
      companyEmail: buyer.email,
      phoneNumber: buyer.phoneNumber,
      country: buyer.isKoreanCompany ? HOME_COUNTRY : '',
    }));
    chosenHeading.current?.focus();
  }, [buyer]);
  useEffect(() => {
    const saved = detail.data?.addresses ?? [];
    setAddressId((saved.find((a) => a.isDefault) ?? saved[0])?.addressUuid ?? TYPED);
  }, [detail.data]);

  const choose = (next: ApprovedBuyer | null) => {
    setBuyer(next);
    setLines([]);
    setOutsideReason('');
    setPoReference('');
    setProblem(null);
  };

  // A product outside its order window is ordered only with a reason, which the order's history keeps.
  const outside = lines.filter((l) => outsideWindow(l.option));
  const outsideTitles = outside.map((l) => l.option.productTitle).join(', ');
  const lineCount = plural(lines.length, { one: '# line', other: '# lines' });
  const total = lines.reduce(
    (sum, l) => sum + (Number.isFinite(l.quantity) ? unitFor(l.option, l.quantity) * l.quantity : 0),
    0,
  );
  const field = (key: keyof typeof receiver) => ({
    value: receiver[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setReceiver((r) => ({ ...r, [key]: e.target.value })),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!buyer || place.isPending) return;
    if (lines.length === 0) return setProblem(t`Add at least one line.`);
    const badLine = lines.find((l) => lineProblem(l));
    if (badLine) return setProblem(`${badLine.option.productTitle}: ${localize(lineProblem(badLine) ?? '')}`);
    if (addressId === TYPED && !receiver.addressDetail.trim())
      return setProblem(messages.order.addressRequired);
    // The contract's rule, the one the API applies.
    const po = poReferenceField.safeParse(poReference);
    if (!po.success) return setProblem(localize(po.error.issues[0]?.message ?? ''));
    setProblem(null);
    try {
      const placed = await place.mutateAsync({
        buyerId: buyer.id,
        lines: lines.map((l) => ({ productOptionId: l.option.productOptionId, quantity: l.quantity })),
        ...(addressId === TYPED ? {} : { addressId }),
        // Without a reason the API refuses the product outside its window, and says so.
        ...(outside.length > 0 && outsideReason.trim() ? { outsideWindowReason: outsideReason.trim() } : {}),
        ...(po.data ? { poReference: po.data } : {}),
        receiverInfo: {
          receiverName: receiver.receiverName,
          companyEmail: receiver.companyEmail,
          phoneNumber: receiver.phoneNumber,
          postalCode: addressId === TYPED ? receiver.postalCode : '',
          addressDetail: addressId === TYPED ? receiver.addressDetail : '',
          // A saved address brings its own country.
          ...(addressId === TYPED && receiver.country ? { country: receiver.country } : {}),
        },
      });
      navigate(`/orders/${placed.orderNumber}`);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <>
      <Link to="/orders" className="back-link">
        ‹ <Trans>Orders</Trans>
      </Link>
      <div className="page-head">
        <h1>
          <Trans>New order for a buyer</Trans>
        </h1>
      </div>

      {!buyer ? (
        <NewOrderBuyerPicker onChoose={choose} />
      ) : (
        <>
          <section className="panel" aria-labelledby="new-order-chosen">
            <h2 id="new-order-chosen" ref={chosenHeading} tabIndex={-1}>
              <Trans>Buyer: {buyer.companyName}</Trans>
            </h2>
            <p>
              {buyer.email} · {buyer.businessRegistrationNumber} · {t`prices in ${currencyCode}`}
            </p>
            <button type="button" className="button button--secondary" onClick={() => choose(null)}>
              <Trans>Change buyer</Trans>
            </button>
          </section>

          <NewOrderLines buyerId={buyer.id} currencyCode={currencyCode} lines={lines} onChange={setLines} />

          <form
            className="panel"
            aria-labelledby="new-order-delivery"
            onSubmit={(e) => void submit(e)}
            noValidate
          >
            <h2 id="new-order-delivery">
              <Trans>Receiver and address</Trans>
            </h2>
            <FormField label={t`Receiver name`}>
              {(control) => <input {...control} className="input" required {...field('receiverName')} />}
            </FormField>
            <FormField label={t`Receiver e-mail`}>
              {(control) => (
                <input {...control} className="input" type="email" required {...field('companyEmail')} />
              )}
            </FormField>
            <FormField label={t`Phone number`}>
              {(control) => (
                <input {...control} className="input" type="tel" required {...field('phoneNumber')} />
              )}
            </FormField>
            {detail.isPending ? (
              <LoadingState label={t`Loading the buyer's addresses...`} />
            ) : detail.error ? (
              <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
            ) : (
              <fieldset className="field">
                <legend>
                  <Trans>Shipping address</Trans>
                </legend>
                {detail.data.addresses.map((a) => (
                  <label key={a.addressUuid} className="checkbox">
                    <input
                      type="radio"
                      name="address"
                      value={a.addressUuid}
                      checked={addressId === a.addressUuid}
                      onChange={() => setAddressId(a.addressUuid)}
                    />
                    {a.postalCode ? `(${a.postalCode}) ` : ''}
                    {a.addressDetail}
                    {a.country ? `, ${countryName(a.country, i18n.locale)}` : ''}
                    {a.isDefault ? ` · ${t`default`}` : ''}
                  </label>
                ))}
                <label className="checkbox">
                  <input
                    type="radio"
                    name="address"
                    value={TYPED}
                    checked={addressId === TYPED}
                    onChange={() => setAddressId(TYPED)}
                  />
                  <Trans>Another address</Trans>
                </label>
              </fieldset>
            )}
            {addressId === TYPED && (
              <>
                <FormField label={t`Postal code`} hint={t`Optional`}>
                  {(control) => <input {...control} className="input" {...field('postalCode')} />}
                </FormField>
                <FormField label={t`Address`}>
                  {(control) => (
                    <textarea {...control} className="input" rows={2} required {...field('addressDetail')} />
                  )}
                </FormField>
                <FormField label={t`Country`} hint={t`Optional`}>
                  {(control) => (
                    <select {...control} className="input" autoComplete="off" {...field('country')}>
                      <CountryOptions placeholder={t`Not given`} />
                    </select>
                  )}
                </FormField>
              </>
            )}

            <FormField
              label={t`Buyer's PO number`}
              hint={t`Optional. The buyer's own purchase-order number, printed on the invoice and the packing list.`}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  maxLength={PO_REFERENCE_MAX}
                  autoComplete="off"
                  value={poReference}
                  onChange={(e) => setPoReference(e.target.value)}
                />
              )}
            </FormField>

            {outside.length > 0 && (
              <FormField
                label={t`Reason for ordering outside the window`}
                hint={t`Required for ${outsideTitles}; the order's history keeps it.`}
              >
                {(control) => (
                  <textarea
                    {...control}
                    className="input"
                    rows={2}
                    required
                    value={outsideReason}
                    onChange={(e) => setOutsideReason(e.target.value)}
                  />
                )}
              </FormField>
            )}

            <p aria-live="polite">
              <strong>{t`Total: ${formatPrice(total, currencyCode)}`}</strong>{' '}
              <span className="muted">
                {t`(${lineCount}; the order is priced by the catalogue when placed)`}
              </span>
            </p>
            {problem && (
              <p role="alert" className="form-error">
                {problem}
              </p>
            )}
            <button type="submit" className="button" disabled={place.isPending} aria-busy={place.isPending}>
              {place.isPending ? t`Placing...` : t`Place order`}
            </button>
          </form>
        </>
      )}
    </>
  );
}
