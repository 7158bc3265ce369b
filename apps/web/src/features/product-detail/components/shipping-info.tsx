import { OFFICE_HOURS } from '@kshop/contract';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';

export function ShippingInfo() {
  const { messages } = useContractTexts();
  return (
    <section className="detail-section" aria-labelledby="shipping-title">
      <h2 id="shipping-title" className="detail-section__title">
        <Trans>SHIPPING &amp; RETURNS</Trans>
      </h2>
      <ul className="detail-section__list">
        <li>
          <Trans>
            Orders ship from Korea once the person in charge has confirmed the order, receipt and tax invoice.
          </Trans>
        </li>
        <li>
          <Trans>Shipping fees are calculated per order and added by the person in charge.</Trans>
        </li>
        <li>
          <Trans>
            Exchanges and refunds follow our <Link to="/guide/returns">return and refund policy</Link>.
            Questions: <Link to="/contact">contact us</Link> ({OFFICE_HOURS}).
          </Trans>
        </li>
      </ul>
      <p className="detail-section__tip">{messages.productDetail.unboxingTip}</p>
    </section>
  );
}
