import { messages, OFFICE_HOURS } from '@kshop/contract';
import { Link } from 'react-router';

export function ShippingInfo() {
  return (
    <section className="detail-section" aria-labelledby="shipping-title">
      <h2 id="shipping-title" className="detail-section__title">
        SHIPPING &amp; RETURNS
      </h2>
      <ul className="detail-section__list">
        <li>
          Orders ship from Korea once the person in charge has confirmed the order, receipt and tax invoice.
        </li>
        <li>Shipping fees are calculated per order and added by the person in charge.</li>
        <li>
          Exchanges and refunds follow our <Link to="/guide/returns">return and refund policy</Link>.
          Questions: <Link to="/contact">contact us</Link> ({OFFICE_HOURS}).
        </li>
      </ul>
      <p className="detail-section__tip">{messages.productDetail.unboxingTip}</p>
    </section>
  );
}
