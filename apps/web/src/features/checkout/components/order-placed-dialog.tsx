import { messages } from '@kshop/contract';
import { Modal } from '@kshop/ui';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { orderDetailPath } from '../../orders';
import type { PlacedOrder } from '../api/place-order';

/** After a successful order: 'Assigning a person in charge', with Confirm leading to the order's detail. */
export function OrderPlacedDialog({ order }: { order: PlacedOrder }) {
  const id = useId();
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
          The person in charge will contact you about the receipt and tax invoice. Order No.{' '}
          <strong>{order.orderNumber}</strong>
        </p>
      </div>
      <div className="modal__actions">
        <Link to={detailPath} replace className="button">
          Confirm
        </Link>
      </div>
    </Modal>
  );
}
