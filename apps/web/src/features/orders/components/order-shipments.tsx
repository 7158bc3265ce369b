import type { Language, OrderDetail } from '@kshop/contract';
import { t } from '@lingui/core/macro';
import { optionValuesText } from '../../../lib/option-text';
import { usePageI18n } from '../../../lib/page-i18n';
import { orderDateTime } from '../order-format';
import './order-shipments.css';

type Line = OrderDetail['orderDetails'][number];
const openOf = (line: Line) => line.quantity - (line.shippedQuantity ?? 0);

/**
 * The parcels sent so far (carrier, tracking number, date and the lines in each) and, while the order is
 * partly shipped, what is still to ship. Nothing is shown before the first parcel. Also drawn on its own in a unit
 * test, outside the page's I18nProvider: hence usePageI18n.
 */
export function OrderShipments({ order }: { order: OrderDetail }) {
  const i18n = usePageI18n();
  const language = i18n.locale as Language;
  const shipmentTitle = (number: number) => t(i18n)`Shipment ${number}`;
  const shippedOf = (shipped: number, ordered: number) => t(i18n)`${shipped} of ${ordered}`;
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  const open = order.orderDetails.filter((line) => openOf(line) > 0);
  const closed = order.status === 'CANCELLED';
  return (
    <section className="order-detail__section" aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title" className="order-detail__heading">
        {t(i18n)`Shipments`}
      </h2>
      {shipments.map((shipment, i) => (
        <div key={shipment.shipmentUuid} className="order-shipment">
          <h3 className="order-shipment__title" id={`shipment-${shipment.shipmentUuid}`}>
            {shipmentTitle(i + 1)}
          </h3>
          <dl className="order-detail__facts">
            <div>
              <dt>{t(i18n)`Carrier`}</dt>
              <dd>{shipment.carrier || '-'}</dd>
            </div>
            <div>
              <dt>{t(i18n)`Tracking Number`}</dt>
              <dd>{shipment.trackingNumber || '-'}</dd>
            </div>
            <div>
              <dt>{t(i18n)`Shipped`}</dt>
              <dd>
                <time dateTime={shipment.createdAt}>{orderDateTime(shipment.createdAt, language)}</time>
              </dd>
            </div>
          </dl>
          <table className="order-shipment__table" aria-labelledby={`shipment-${shipment.shipmentUuid}`}>
            <thead>
              <tr>
                <th scope="col">{t(i18n)`Product`}</th>
                <th scope="col">{t(i18n)`Option`}</th>
                <th scope="col" className="order-shipment__num">
                  {t(i18n)`Quantity`}
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
            {t(i18n)`Still to Ship`}
          </h3>
          <table className="order-shipment__table" aria-labelledby="order-still-open">
            <thead>
              <tr>
                <th scope="col">{t(i18n)`Product`}</th>
                <th scope="col">{t(i18n)`Option`}</th>
                <th scope="col" className="order-shipment__num">
                  {t(i18n)`Shipped`}
                </th>
                <th scope="col" className="order-shipment__num">
                  {t(i18n)`Open`}
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
