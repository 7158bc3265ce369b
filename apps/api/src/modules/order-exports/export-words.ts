import {
  buyerTextsKo,
  type Language,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  staffTexts,
  staffTextsKo,
} from '@kshop/contract';

/** The exports' headers and the orders' statuses in the language of the member of staff who exports. */
export function exportWords(language: Language) {
  const korean = language === 'ko';
  const statusLabels = korean ? buyerTextsKo.orderStatusLabels : ORDER_STATUS_LABELS;
  return {
    language,
    headers: korean ? staffTextsKo.orderExports : staffTexts.orderExports,
    status: (status: OrderStatus) => statusLabels[status],
  };
}

export type ExportWords = ReturnType<typeof exportWords>;
