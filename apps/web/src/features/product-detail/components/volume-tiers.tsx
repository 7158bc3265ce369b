import { type CurrencyCode, formatPrice, type ProductOptionDetail } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * A member's unit price for a quantity of an option (decision 0021): the tier with the highest minimum at
 * most the quantity, else the member's price for one piece; null when the buyer sees no prices.
 */
export function unitPriceAt(option: ProductOptionDetail, quantity: number): number | null {
  const price = option.productPrice;
  if (!price) return null;
  let unit = price.totalPrice;
  let from = 0;
  for (const tier of price.volumeTiers ?? []) {
    if (tier.minQuantity <= quantity && tier.minQuantity > from) {
      unit = tier.price;
      from = tier.minQuantity;
    }
  }
  return unit;
}

/**
 * The option's volume prices for members: 'From 50 pcs: ₩8,550 each (5 % off)'. Nothing without tiers.
 */
export function VolumeTierTable({
  option,
  currencyCode,
}: {
  option: ProductOptionDetail;
  currencyCode: CurrencyCode | null;
}) {
  const { t } = useLingui();
  const tiers = option.productPrice?.volumeTiers ?? [];
  if (tiers.length === 0 || !currencyCode) return null;
  return (
    <section className="volume-prices" aria-labelledby="volume-prices-heading">
      <h2 id="volume-prices-heading" className="volume-prices__title">
        {t`Volume prices`}
      </h2>
      <ul className="volume-prices__list">
        {tiers.map(({ minQuantity, price, discountPercent }) => {
          const unitPrice = formatPrice(price, currencyCode);
          return (
            <li key={minQuantity}>
              <Trans>
                From {minQuantity} pcs: <strong>{unitPrice}</strong> each ({discountPercent} % off)
              </Trans>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
