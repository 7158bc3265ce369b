import { Modal } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
import { continueShoppingPath } from '../../../lib/return-places';

export function AddedToCartDialog({ onClose }: { onClose: () => void }) {
  const { messages } = useContractTexts();
  return (
    <Modal labelledBy="added-to-cart-title" onClose={onClose}>
      <h2 id="added-to-cart-title" className="modal__title">
        {messages.cart.added}
      </h2>
      <div className="modal__actions">
        <Link to={continueShoppingPath()} className="button button--secondary" onClick={onClose}>
          <Trans>Continue Shopping</Trans>
        </Link>
        <Link to="/cart" className="button" onClick={onClose}>
          <Trans>View Cart</Trans>
        </Link>
      </div>
    </Modal>
  );
}
