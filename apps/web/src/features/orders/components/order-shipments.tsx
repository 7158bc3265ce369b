import type { OrderDetail } from '@kshop/contract';
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
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  const open = order.orderDetails.filter((line) => openOf(line) > 0);
  const closed = order.status === 'CANCELLED';
  return (
    <section className="order-detail__section" aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title" className="order-detail__heading">
        Shipments
      </h2>
      {shipments.map((shipment, i) => (
        <div key={shipment.shipmentUuid} className="order-shipment">
          <h3 className="order-shipment__title" id={`shipment-${shipment.shipmentUuid}`}>
            Shipment {i + 1}
          </h3>
          <dl className="order-detail__facts">
            <div>
              <dt>Carrier</dt>
              <dd>{shipment.carrier || '-'}</dd>
            </div>
            <div>
              <dt>Tracking Number</dt>
              <dd>{shipment.trackingNumber || '-'}</dd>
            </div>
            <div>
              <dt>Shipped</dt>
              <dd>
                <time dateTime={shipment.createdAt}>{orderDateTime(shipment.createdAt)}</time>
              </dd>
            </div>
          </dl>
          <table className="order-shipment__table" aria-labelledby={`shipment-${shipment.shipmentUuid}`}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Option</th>
                <th scope="col" className="order-shipment__num">
                  Quantity
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
            Still to Ship
          </h3>
          <table className="order-shipment__table" aria-labelledby="order-still-open">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Option</th>
                <th scope="col" className="order-shipment__num">
                  Shipped
                </th>
                <th scope="col" className="order-shipment__num">
                  Open
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
                    {line.shippedQuantity ?? 0} of {line.quantity}
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
