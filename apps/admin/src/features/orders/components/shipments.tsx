import {
  type AdminOrderDetail,
  SHIPMENT_RULES,
  SHIPPABLE_STATUSES,
  type ShipmentCreateRequest,
  type ShipmentView,
} from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { adminDownload, adminRequest, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-file';

/** The carriers offered as suggestions wherever staff type a carrier (a `list` of this id on the input). */
function CarrierSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {SHIPMENT_RULES.carriers.map((c) => (
        <option key={c} value={c} />
      ))}
    </datalist>
  );
}

export type ParcelField = 'carrier' | 'trackingNumber';

/**
 * The carrier (with the common carriers as suggestions) and tracking number of a parcel, as the Shipments panel
 * and the Mark as Shipped dialog ask for them.
 */
export function ParcelFields({
  carrier,
  trackingNumber,
  errors,
  onChange,
  required,
}: {
  carrier: string;
  trackingNumber: string;
  errors: Partial<Record<ParcelField, string>>;
  onChange: (field: ParcelField, text: string) => void;
  required?: boolean;
}) {
  const listId = useId();
  const { t } = useLingui();
  const { localize } = useContractTexts();
  return (
    <>
      <FormField
        label={t`Carrier`}
        error={errors.carrier ? localize(errors.carrier) : null}
        hint={t`Pick a suggestion or type another carrier.`}
      >
        {(control) => (
          <input
            {...control}
            list={listId}
            value={carrier}
            maxLength={SHIPMENT_RULES.carrierMax}
            autoComplete="off"
            required={required}
            onChange={(event) => onChange('carrier', event.target.value)}
          />
        )}
      </FormField>
      <CarrierSuggestions id={listId} />
      <FormField
        label={t`Tracking number`}
        error={errors.trackingNumber ? localize(errors.trackingNumber) : null}
      >
        {(control) => (
          <input
            {...control}
            value={trackingNumber}
            maxLength={SHIPMENT_RULES.trackingMax}
            autoComplete="off"
            required={required}
            onChange={(event) => onChange('trackingNumber', event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}

/**
 * The carrier and tracking number being typed for a parcel: what to send, which required one is missing, and
 * the props of its `ParcelFields` (`onEdit` hears which field changed, to clear that field's error).
 */
export function useParcel(onEdit: (field: ParcelField) => void) {
  const [typed, setTyped] = useState<Record<ParcelField, string>>({ carrier: '', trackingNumber: '' });
  const value = { carrier: typed.carrier.trim(), trackingNumber: typed.trackingNumber.trim() };
  return {
    value,
    missing(): Partial<Record<ParcelField, string>> {
      return {
        ...(value.carrier ? {} : { carrier: SHIPMENT_RULES.carrierRequired }),
        ...(value.trackingNumber ? {} : { trackingNumber: SHIPMENT_RULES.trackingRequired }),
      };
    },
    fields: {
      ...typed,
      onChange(field: ParcelField, text: string) {
        setTyped((before) => ({ ...before, [field]: text }));
        onEdit(field);
      },
    },
  };
}

/** The parcel field a server refusal names ("carrier …", "tracking number …"), where it is shown; else null. */
export function parcelFieldOf(message: string): ParcelField | null {
  if (/carrier|택배사/i.test(message)) return 'carrier';
  if (/tracking|송장/i.test(message)) return 'trackingNumber';
  return null;
}

type ShipAnswer = { shipmentUuid: string; status: string; complete: boolean };

/** Records a parcel of the order; the order's views read again afterwards. */
export function useShipOrder(orderUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parcel: ShipmentCreateRequest) =>
      adminRequest<ShipAnswer>(`/orders/${orderUuid}/shipments`, { method: 'POST', body: parcel }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}

type Line = AdminOrderDetail['orderDetails'][number];

const lineLabel = (l: { productTitle: string; optionNameValue1: string; optionNameValue2: string | null }) =>
  [l.productTitle, l.optionNameValue1, l.optionNameValue2].filter(Boolean).join(' / ');
const optionOf = (line: Line) =>
  [line.productOption.optionNameValue1, line.productOption.optionNameValue2].filter(Boolean).join(' / ');
const openOf = (line: Line) => line.quantity - (line.shippedQuantity ?? 0);

type ShipmentsProps = {
  orderUuid: string;
  status: AdminOrderDetail['status'];
  lines: readonly Line[];
  shipments: readonly ShipmentView[];
  onShip: (parcel: ShipmentCreateRequest) => Promise<ShipAnswer>;
};

/**
 * The order's parcels: what each line has shipped and has still open, a form to ship the next parcel
 * (carrier, tracking number, a quantity per open line defaulting to what is open) while the order may
 * ship, and the parcels sent so far.
 */
export function Shipments({ orderUuid, status, lines, shipments, onShip }: ShipmentsProps) {
  const { t } = useLingui();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fetching, setFetching] = useState<string | null>(null);
  const packingList = async (shipmentUuid: string, n: number) => {
    if (fetching) return;
    setFetching(shipmentUuid);
    setFailure(null);
    try {
      const { blob, fileName } = await adminDownload(
        `/orders/${encodeURIComponent(orderUuid)}/shipments/${shipmentUuid}/packing-list.pdf`,
      );
      saveBlob(blob, fileName ?? `packing-list-${n}.pdf`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setFetching(null);
    }
  };
  const sentId = useId();
  const mayShip =
    (SHIPPABLE_STATUSES as readonly string[]).includes(status) && lines.some((l) => openOf(l) > 0);
  const partly = shipments.length > 0 && lines.some((l) => openOf(l) > 0);
  return (
    <section className="panel" aria-labelledby="shipments-heading">
      <h2 id="shipments-heading">
        <Trans>Shipments</Trans>
      </h2>
      {partly && (
        <p className="muted">
          <Trans>Partly shipped: the open quantities below are still to ship.</Trans>
        </p>
      )}
      {mayShip ? (
        <ShipForm
          // A new parcel starts from a blank carrier and tracking number.
          key={shipments.length}
          lines={lines}
          onShip={async (parcel) => {
            setDone(null);
            const answer = await onShip(parcel);
            setDone(answer.complete ? t`Shipped: the order is now Shipped.` : t`Shipment recorded.`);
          }}
        />
      ) : (
        <OpenTable lines={lines} />
      )}
      {done && (
        <p role="status" className="notice section-gap">
          {done}
        </p>
      )}
      <h3 id={sentId} className="section-gap">
        <Trans>Sent</Trans>
      </h3>
      {shipments.length === 0 ? (
        <p className="muted">
          <Trans>Nothing has shipped yet.</Trans>
        </p>
      ) : (
        <ol className="shipment-list" aria-labelledby={sentId}>
          {shipments.map((s, i) => (
            <li key={s.shipmentUuid} className="shipment-list__item">
              <p>
                <strong>{t`Shipment ${i + 1}`}</strong> ·{' '}
                <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
              </p>
              <dl className="details">
                <dt>
                  <Trans>Carrier</Trans>
                </dt>
                <dd>{s.carrier || t`Not given`}</dd>
                <dt>
                  <Trans>Tracking number</Trans>
                </dt>
                <dd>{s.trackingNumber || t`Not given`}</dd>
              </dl>
              <ul>
                {s.lines.map((l) => (
                  <li key={l.orderDetailUuid}>
                    {lineLabel(l)} × {l.quantity}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--secondary"
                aria-busy={fetching === s.shipmentUuid || undefined}
                onClick={() => void packingList(s.shipmentUuid, i + 1)}
              >
                {t`Packing list of shipment ${i + 1} (PDF)`}
              </button>
            </li>
          ))}
        </ol>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </section>
  );
}

function OpenTable({ lines }: { lines: readonly Line[] }) {
  const { t } = useLingui();
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t`Shipped and open quantities`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Ordered</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Shipped</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Open</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.orderDetailUuid}>
              <th scope="row">
                {line.productOption.productTitle} <span className="muted">{optionOf(line)}</span>
              </th>
              <td className="num">{line.quantity}</td>
              <td className="num">{line.shippedQuantity ?? 0}</td>
              <td className="num">{openOf(line)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Errors = { carrier?: string; trackingNumber?: string; lines?: string; form?: string };

function ShipForm({
  lines,
  onShip,
}: {
  lines: readonly Line[];
  onShip: (parcel: ShipmentCreateRequest) => Promise<void>;
}) {
  // What staff typed counts only while the line's open quantity is the one it was typed against: once the order
  // is read again with a line cut, added to or shipped elsewhere, that line offers what is open now.
  const [typed, setTyped] = useState<Record<string, { text: string; open: number }>>({});
  const quantityOf = (line: Line) => {
    const entry = typed[line.orderDetailUuid];
    return entry && entry.open === openOf(line) ? entry.text : String(openOf(line));
  };
  const [errors, setErrors] = useState<Errors>({});
  const parcelTyped = useParcel((field) => setErrors((e) => ({ ...e, [field]: undefined })));
  const [busy, setBusy] = useState(false);
  const linesErrorId = useId();
  const { t } = useLingui();
  const { localize } = useContractTexts();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = parcelTyped.missing();
    const parcel: ShipmentCreateRequest['lines'] = [];
    for (const line of lines) {
      const text = quantityOf(line).trim();
      if (text === '' || text === '0') continue;
      const quantity = Number(text);
      if (!Number.isInteger(quantity) || quantity < 0) {
        const title = line.productOption.productTitle;
        found.lines = t`${title}: the quantity must be a whole number.`;
      } else if (quantity > openOf(line)) {
        found.lines = localize(SHIPMENT_RULES.tooMany(line.productOption.productTitle, openOf(line)));
      } else parcel.push({ orderDetailId: line.orderDetailUuid, quantity });
    }
    if (!found.lines && parcel.length === 0) found.lines = localize(SHIPMENT_RULES.linesRequired);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onShip({ ...parcelTyped.value, lines: parcel });
    } catch (failure) {
      const message = errorMessage(failure);
      const field = parcelFieldOf(message);
      setErrors(
        field
          ? { [field]: message }
          : /ship|line|quantity|출고|수량/i.test(message)
            ? { lines: message }
            : { form: message },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="ship-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t`Ship a parcel`}
    >
      <div className="table-wrap">
        <table className="table" aria-describedby={errors.lines ? linesErrorId : undefined}>
          <caption className="visually-hidden">{t`Quantities in this parcel`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Product</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Ordered</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Shipped</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Open</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Ship now</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const open = openOf(line);
              return (
                <tr key={line.orderDetailUuid}>
                  <th scope="row">
                    {line.productOption.productTitle} <span className="muted">{optionOf(line)}</span>
                  </th>
                  <td className="num">{line.quantity}</td>
                  <td className="num">{line.shippedQuantity ?? 0}</td>
                  <td className="num">{open}</td>
                  <td className="num">
                    {open > 0 ? (
                      <input
                        type="number"
                        className="qty-input"
                        inputMode="numeric"
                        min={0}
                        max={open}
                        step={1}
                        aria-label={t`Ship now: ${line.productOption.productTitle} ${optionOf(line)}`.trim()}
                        aria-invalid={errors.lines ? true : undefined}
                        aria-describedby={errors.lines ? linesErrorId : undefined}
                        value={quantityOf(line)}
                        onChange={(event) => {
                          const text = event.target.value;
                          setTyped((before) => ({ ...before, [line.orderDetailUuid]: { text, open } }));
                          setErrors((e) => ({ ...e, lines: undefined }));
                        }}
                      />
                    ) : (
                      <span className="muted">
                        {t({ message: 'Shipped', context: 'line fully shipped' })}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {errors.lines && (
        <p id={linesErrorId} role="alert" className="form-error">
          {errors.lines}
        </p>
      )}
      <ParcelFields {...parcelTyped.fields} errors={errors} />
      <p className="muted">
        <Trans>The buyer is e-mailed the carrier, the tracking number and what is still open.</Trans>
      </p>
      {errors.form && (
        <p role="alert" className="form-error">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          <Trans>Ship</Trans>
        </button>
      </div>
    </form>
  );
}
