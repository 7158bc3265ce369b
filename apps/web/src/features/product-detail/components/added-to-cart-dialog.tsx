import { messages } from '@kshop/contract';
import { Modal } from '@kshop/ui';
import { Link } from 'react-router';

export function AddedToCartDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal labelledBy="added-to-cart-title" onClose={onClose}>
      <h2 id="added-to-cart-title" className="modal__title">
        {messages.cart.added}
      </h2>
      <div className="modal__actions">
        <Link to="/" className="button button--secondary" onClick={onClose}>
          Continue Shopping
        </Link>
        <Link to="/cart" className="button" onClick={onClose}>
          View Cart
        </Link>
      </div>
    </Modal>
  );
}
