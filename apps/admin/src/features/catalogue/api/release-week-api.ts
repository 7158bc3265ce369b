import type { ReleaseWeek } from '@kshop/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReportFormat } from '../../../components/ui/report-downloads';
import { adminDownload, adminGet } from '../../../lib/api-client';
import { catalogueKey } from './catalogue-api';

const path = (productUuid: string) => `/products/${encodeURIComponent(productUuid)}/release-week`;

/** A release's shipped units per Korean day, option and buyer, marked in or out of the release week. */
export const useReleaseWeek = (productUuid: string | undefined) =>
  useQuery({
    queryKey: [...catalogueKey, 'release-week', productUuid],
    queryFn: ({ signal }) => adminGet<ReleaseWeek>(path(productUuid!), undefined, signal),
    enabled: Boolean(productUuid),
  });

/** The same as a file; its column headers follow the back office's language (Accept-Language). */
export const downloadReleaseWeek = (productUuid: string, format: ReportFormat) =>
  adminDownload(path(productUuid), { format });
