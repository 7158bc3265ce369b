import { isSoldOutTagged, type ProductListItem, smallestQuantity, validQuantity } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError, isPendingApproval } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/session';
import { addToCart } from '../api/add-to-cart';
import { CART_QUERY_KEY } from '../api/cart-api';
import './add-from-card.css';

/**
 * A quantity box and Add on a product card (issue 35), so a list becomes an order form: the card's option at its
 * minimum order quantity, in its multiples, added to what the cart already holds of it. Members who see prices
 * only; nothing for a sold-out product.
 */
export function AddFromCard({ product }: { product: ProductListItem }) {
  const { t } = useLingui();
  const { localize, messages } = useContractTexts();
  const isLoggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const rules = { minimum: product.minimumOrderQuantity, multiple: product.orderMultiple };
  const [text, setText] = useState(String(smallestQuantity(rules)));
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const inputId = useId();
  const statusId = useId();
  if (!isLoggedIn || product.totalPrice === null || isSoldOutTagged(product.tags)) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adding) return;
    const quantity = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    const refused = Number.isNaN(quantity)
      ? t`Enter a whole number.`
      : validQuantity(quantity, { ...rules, max: null, available: null });
    if (refused) {
      setStatus({ error: true, text: localize(refused) });
      return;
    }
    setAdding(true);
    setStatus(null);
    try {
      await addToCart([{ productOptionUuid: product.optionUuid, quantity }], { addToExisting: true });
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      setStatus({ error: false, text: messages.cart.added });
    } catch (error) {
      if (isPendingApproval(error)) return;
      setStatus({
        error: true,
        text: isApiError(error) && error.statusCode < 500 ? localize(error.message) : messages.cart.addFailed,
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <form className="card-add" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        {t`Quantity of ${product.title}`}
      </label>
      <input
        id={inputId}
        className="card-add__quantity"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        aria-invalid={status?.error ? true : undefined}
        aria-describedby={statusId}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="submit"
        className="button button--small card-add__button"
        aria-label={t`Add ${product.title} to cart`}
        aria-busy={adding}
        disabled={adding}
      >
        {t`Add`}
      </button>
      {rules.minimum > 1 || rules.multiple > 1 ? (
        <span className="card-add__rules">
          {rules.multiple > 1 ? t`min. ${rules.minimum}, by ${rules.multiple}` : t`min. ${rules.minimum}`}
        </span>
      ) : null}
      <span
        id={statusId}
        role="status"
        className={`card-add__status${status?.error ? ' card-add__status--error' : ''}`}
      >
        {status?.text ?? ''}
      </span>
    </form>
  );
}
