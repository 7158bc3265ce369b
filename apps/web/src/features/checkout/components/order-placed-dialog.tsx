import { Modal } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
import { orderDetailPath } from '../../orders';
import type { PlacedOrder } from '../api/place-order';

/** After a successful order: 'Assigning a person in charge', with Confirm leading to the order's detail. */
export function OrderPlacedDialog({ order }: { order: PlacedOrder }) {
  const { messages } = useContractTexts();
  const id = useId();
  const orderNumber = order.orderNumber;
  const navigate = useNavigate();
  const detailPath = orderDetailPath(order.uuid);
  return (
    <Modal
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={() => navigate(detailPath, { replace: true })}
    >
      <h2 id={`${id}-title`} className="modal__title">
        {messages.order.assigning}
      </h2>
      <div id={`${id}-text`} className="order-placed__text">
        <p>{messages.order.placed}</p>
        <p>
          <Trans>
            The person in charge will contact you about the receipt and tax invoice. Order No.{' '}
            <strong>{orderNumber}</strong>
          </Trans>
        </p>
      </div>
      <div className="modal__actions">
        <Link to={detailPath} replace className="button">
          <Trans>Confirm</Trans>
        </Link>
      </div>
    </Modal>
  );
}
