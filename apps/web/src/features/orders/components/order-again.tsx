import type { CartReorderData } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
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
  const { t } = useLingui();
  // `localize` reads a skipped line's reason (the contract's English) in the page's language.
  const { localize } = useContractTexts();
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
      setFailure(localize(failureMessage(error, t`Could not add this order to the cart. Please try again.`)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="order-again" aria-labelledby="order-again-title">
      <h2 id="order-again-title" className="visually-hidden">
        <Trans>Order again</Trans>
      </h2>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void orderAgain()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t`ADDING…` : t`ORDER AGAIN`}
      </button>
      <div role="status" className="order-again__result">
        {failure && <p className="order-again__failure">{failure}</p>}
        {result && (
          <>
            {result.added.length > 0 ? (
              <>
                <p>
                  <Trans>Added to your cart:</Trans>
                </p>
                <ul>
                  {result.added.map((line) => {
                    const { quantity, orderedQuantity } = line;
                    return (
                      <li key={line.productOptionUuid}>
                        {lineName(line)} × {quantity}
                        {quantity !== orderedQuantity && ` ${t`(ordered ${orderedQuantity})`}`}
                      </li>
                    );
                  })}
                </ul>
              </>
            ) : (
              <p>
                <Trans>Nothing from this order could be added to your cart.</Trans>
              </p>
            )}
            {result.skipped.length > 0 && (
              <>
                <p>
                  <Trans>Not added:</Trans>
                </p>
                <ul>
                  {result.skipped.map((line) => (
                    <li key={`${line.productOptionUuid}-${line.productTitle}`}>
                      {lineName(line)}: {localize(line.reason)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {result.added.length > 0 && (
              <Link to="/cart">
                <Trans>Go to cart</Trans>
              </Link>
            )}
          </>
        )}
      </div>
    </section>
  );
}
