import {
  type CurrencyCode,
  formatPrice,
  QUICK_ORDER_REFUSALS,
  type QuickOrderCheckedLine,
} from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import '../../../components/ui/sheet-table.css';
import './quick-order-table.css';

/** The class of a line's outcome: refused (to fix), changed (raised, rounded, lowered, merged) or as asked. */
const toneOf = (line: QuickOrderCheckedLine) =>
  QUICK_ORDER_REFUSALS.includes(line.outcome) || line.quantity === 0
    ? 'refused'
    : line.outcome === 'ok'
      ? 'ok'
      : 'changed';

/** The checked lines: where each came from, the product it names, what was asked, what goes in, and why. */
export function QuickOrderTable({
  lines,
  currencyCode,
}: {
  lines: readonly QuickOrderCheckedLine[];
  currencyCode: CurrencyCode;
}) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too
    <section className="sheet-table quick-order-table" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>
          <Trans>Checked lines</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Line</Trans>
            </th>
            <th scope="col">
              <Trans>SKU or barcode</Trans>
            </th>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col" className="sheet-table__number">
              <Trans>Unit price</Trans>
            </th>
            <th scope="col" className="sheet-table__number">
              <Trans>Asked</Trans>
            </th>
            <th scope="col" className="sheet-table__number">
              <Trans>To add</Trans>
            </th>
            <th scope="col">
              <Trans>Outcome</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.lineNumbers.join(',')} className={`sheet-table__row--${toneOf(line)}`}>
              <td>{line.lineNumbers.join(', ')}</td>
              <td className="quick-order-table__code">{line.code}</td>
              <td>
                {line.product ? (
                  <>
                    <span className="sheet-table__title">{line.product.title}</span>
                    <span className="sheet-table__option">
                      {[line.product.optionNameValue1, line.product.optionNameValue2]
                        .filter(Boolean)
                        .join(' / ')}
                      {' · '}
                      {t`SKU ${line.product.sku}`}
                    </span>
                  </>
                ) : (
                  <span aria-hidden="true">–</span>
                )}
              </td>
              <td className="sheet-table__number">
                {line.product ? formatPrice(line.product.price, currencyCode) : ''}
              </td>
              <td className="sheet-table__number">{line.askedQuantity || ''}</td>
              <td className="sheet-table__number">{line.quantity}</td>
              <td>
                {line.notes.map((note) => (
                  <span key={note.kind} className="sheet-table__note">
                    {localize(note.message)}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
