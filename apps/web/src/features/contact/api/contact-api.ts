import type { ContactRequest } from '@kshop/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /contact: guests send it anonymously, members with their token (the API client adds it). */
export const submitInquiry = (inquiry: ContactRequest) =>
  apiRequest<null>('/contact', { method: 'POST', body: inquiry });
