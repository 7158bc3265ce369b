import type { AdminStockAlertCounts } from '@kshop/contract';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { adminGet } from '../../../lib/api-client';
import { catalogueKey } from '../api/catalogue-api';

/** How many members wait for each option of a product to be back in stock, by option uuid. */
export function useStockAlertCounts(productId: string | undefined) {
  return useQuery({
    queryKey: [...catalogueKey, 'product', productId, 'stock-alerts'],
    queryFn: async ({ signal }) => {
      const counts = await adminGet<AdminStockAlertCounts>(
        `/products/${productId}/stock-alerts`,
        undefined,
        signal,
      );
      return new Map(counts.optionList.map((row) => [row.optionUuid, row.waiting]));
    },
    enabled: Boolean(productId),
  });
}

/** A read-only line on an option's card: members waiting for a back-in-stock mail. */
export function StockAlertCount({ waiting }: { waiting: number | undefined }) {
  useLingui();
  const count = waiting ?? 0;
  return (
    <p className="option-card__waiting">
      {plural(count, { one: '# member waiting for restock', other: '# members waiting for restock' })}
    </p>
  );
}
