import type { Language, OrderDetail } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';
import { optionValuesText } from '../../../lib/option-text';
import { orderDateTime } from '../order-format';
import './order-shipments.css';

type Line = OrderDetail['orderDetails'][number];
const openOf = (line: Line) => line.quantity - (line.shippedQuantity ?? 0);

/**
 * The parcels sent so far (carrier, tracking number, date and the lines in each) and, while the order is
 * partly shipped, what is still to ship. Nothing is shown before the first parcel.
 */
export function OrderShipments({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const language = i18n.locale as Language;
  const shipmentTitle = (number: number) => t`Shipment ${number}`;
  const shippedOf = (shipped: number, ordered: number) => t`${shipped} of ${ordered}`;
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  const open = order.orderDetails.filter((line) => openOf(line) > 0);
  const closed = order.status === 'CANCELLED';
  return (
    <section className="order-detail__section" aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title" className="order-detail__heading">
        {t`Shipments`}
      </h2>
      {shipments.map((shipment, i) => (
        <div key={shipment.shipmentUuid} className="order-shipment">
          <h3 className="order-shipment__title" id={`shipment-${shipment.shipmentUuid}`}>
            {shipmentTitle(i + 1)}
          </h3>
          <dl className="order-detail__facts">
            <div>
              <dt>{t`Carrier`}</dt>
              <dd>{shipment.carrier || '-'}</dd>
            </div>
            <div>
              <dt>{t`Tracking Number`}</dt>
              <dd>{shipment.trackingNumber || '-'}</dd>
            </div>
            <div>
              <dt>{t`Shipped`}</dt>
              <dd>
                <time dateTime={shipment.createdAt}>{orderDateTime(shipment.createdAt, language)}</time>
              </dd>
            </div>
          </dl>
          <table className="order-shipment__table" aria-labelledby={`shipment-${shipment.shipmentUuid}`}>
            <thead>
              <tr>
                <th scope="col">{t`Product`}</th>
                <th scope="col">{t`Option`}</th>
                <th scope="col" className="order-shipment__num">
                  {t`Quantity`}
                </th>
              </tr>
            </thead>
            <tbody>
              {shipment.lines.map((line) => (
                <tr key={line.orderDetailUuid}>
                  <td>{line.productTitle}</td>
                  <td>{optionValuesText(line.optionNameValue1, line.optionNameValue2)}</td>
                  <td className="order-shipment__num">{line.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {open.length > 0 && !closed && (
        <div className="order-shipment">
          <h3 className="order-shipment__title" id="order-still-open">
            {t`Still to Ship`}
          </h3>
          <table className="order-shipment__table" aria-labelledby="order-still-open">
            <thead>
              <tr>
                <th scope="col">{t`Product`}</th>
                <th scope="col">{t`Option`}</th>
                <th scope="col" className="order-shipment__num">
                  {t`Shipped`}
                </th>
                <th scope="col" className="order-shipment__num">
                  {t`Open`}
                </th>
              </tr>
            </thead>
            <tbody>
              {open.map((line) => (
                <tr key={line.orderDetailUuid}>
                  <td>{line.productOption.productTitle}</td>
                  <td>
                    {optionValuesText(
                      line.productOption.optionNameValue1,
                      line.productOption.optionNameValue2,
                    )}
                  </td>
                  <td className="order-shipment__num">
                    {shippedOf(line.shippedQuantity ?? 0, line.quantity)}
                  </td>
                  <td className="order-shipment__num">{openOf(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
