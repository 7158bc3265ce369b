import type { LabelDemand, LabelDemandFormat } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import { adminDownload, adminGet } from '../../../lib/api-client';
import { catalogueKey } from './catalogue-api';

/** What to order from the label for one product: per option, and per buyer beneath each option. */
export const useLabelDemand = (productUuid: string | undefined) =>
  useQuery({
    queryKey: [...catalogueKey, 'label-demand', productUuid],
    queryFn: ({ signal }) =>
      adminGet<LabelDemand>(`/products/${encodeURIComponent(productUuid!)}/demand`, undefined, signal),
    enabled: Boolean(productUuid),
  });

/** The same as a file; its column headers follow the back office's language (Accept-Language). */
export const downloadLabelDemand = (productUuid: string, format: LabelDemandFormat) =>
  adminDownload(`/products/${encodeURIComponent(productUuid)}/demand`, { format });
