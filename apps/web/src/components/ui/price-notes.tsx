import { type CurrencyCode, priceLabel } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';
import { contractTextsFor } from '../../i18n/contract-texts';

/**
 * Beside a price (issue 35): what it was before a sale, struck through, when the compared price is higher; and for
 * won prices that they include VAT (the invoice splits 10 % VAT out of the total).
 */
export function PriceNotes({
  price,
  comparedPrice,
  currencyCode,
}: {
  price: number | null;
  comparedPrice: number | null;
  currencyCode: CurrencyCode | null;
}) {
  const { t, i18n } = useLingui();
  const { localize } = contractTextsFor(i18n.locale);
  if (price === null || currencyCode === null) return null;
  const onSale = comparedPrice !== null && comparedPrice > price;
  return (
    <>
      {onSale && (
        <>
          {' '}
          <del className="price-notes__was">
            <span className="visually-hidden">{t`Was`} </span>
            {localize(priceLabel(comparedPrice, currencyCode))}
          </del>
        </>
      )}
      {currencyCode === 'KRW' && <span className="price-notes__vat"> {t`VAT incl.`}</span>}
    </>
  );
}
