import type { OrderDetail } from '@kshop/contract';
import { useLingui } from '@lingui/react/macro';

type Line = OrderDetail['orderDetails'][number];

/**
 * Where a pre-order line stands (issue 34): ordered always, then allocated, shipped and on backorder when there
 * are any. Each figure is its own item in words, so it wraps on a phone and reads the same without colour.
 */
export function PreorderQuantities({ line }: { line: Line }) {
  const { t } = useLingui();
  const ordered = line.quantity;
  const allocated = line.allocatedQuantity ?? 0;
  const shipped = line.shippedQuantity ?? 0;
  const backorder = line.backorderQuantity ?? 0;
  const figures = [
    t`Ordered ${ordered}`,
    allocated > 0 && t`Allocated ${allocated}`,
    shipped > 0 && t`Shipped ${shipped}`,
    backorder > 0 && t`On backorder ${backorder}`,
  ].filter((figure): figure is string => Boolean(figure));
  return (
    <ul className="preorder-quantities" aria-label={t`Pre-order quantities`}>
      {figures.map((figure) => (
        <li key={figure}>{figure}</li>
      ))}
    </ul>
  );
}
