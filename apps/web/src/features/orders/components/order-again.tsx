import type { CartReorderData } from '@kshop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-errors';
import { optionValuesText } from '../../../lib/option-text';
import { CART_QUERY_KEY } from '../../cart/api/cart-api';

type Line = CartReorderData['added'][number] | CartReorderData['skipped'][number];

const lineName = (line: Line) =>
  `${line.productTitle} (${optionValuesText(line.optionNameValue1 ?? '', line.optionNameValue2)})`;

/**
 * ORDER AGAIN: the order's lines still on sale go into the cart at valid quantities; what went in and what
 * could not (and why) is said right below the button, where a screen reader hears it.
 */
export function OrderAgain({ orderUuid }: { orderUuid: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CartReorderData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const orderAgain = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const data = await apiRequest<CartReorderData>('/cart/reorder', {
        method: 'POST',
        body: { orderUuid },
      });
      setResult(data);
      await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    } catch (error) {
      setResult(null);
      setFailure(failureMessage(error, 'Could not add this order to the cart. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="order-again" aria-labelledby="order-again-title">
      <h2 id="order-again-title" className="visually-hidden">
        Order again
      </h2>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void orderAgain()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'ADDING…' : 'ORDER AGAIN'}
      </button>
      <div role="status" className="order-again__result">
        {failure && <p className="order-again__failure">{failure}</p>}
        {result && (
          <>
            {result.added.length > 0 ? (
              <>
                <p>Added to your cart:</p>
                <ul>
                  {result.added.map((line) => (
                    <li key={line.productOptionUuid}>
                      {lineName(line)} × {line.quantity}
                      {line.quantity !== line.orderedQuantity && ` (ordered ${line.orderedQuantity})`}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>Nothing from this order could be added to your cart.</p>
            )}
            {result.skipped.length > 0 && (
              <>
                <p>Not added:</p>
                <ul>
                  {result.skipped.map((line) => (
                    <li key={`${line.productOptionUuid}-${line.productTitle}`}>
                      {lineName(line)}: {line.reason}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {result.added.length > 0 && <Link to="/cart">Go to cart</Link>}
          </>
        )}
      </div>
    </section>
  );
}
