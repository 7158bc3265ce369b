import { ORDER_STATUS_LABELS, type OrderStatus } from '@kshop/contract';

type Tone = 'neutral' | 'waiting' | 'good' | 'bad' | 'info';

const TONES: Record<string, Tone> = {
  PENDING: 'waiting',
  NEW: 'waiting',
  APPROVED: 'good',
  ANSWERED: 'good',
  DELIVERED: 'good',
  CONFIRMED: 'info',
  PAID: 'info',
  PREPARING: 'info',
  SHIPPED: 'info',
  REJECTED: 'bad',
  SUSPENDED: 'bad',
  CANCELLED: 'bad',
  DISABLED: 'bad',
};

const ACCOUNT_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  SUSPENDED: 'Suspended',
  NEW: 'New',
  ANSWERED: 'Answered',
  DISABLED: 'Disabled',
};

export const orderStatusLabel = (status: string): string =>
  ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** A coloured status word; the text carries the meaning, the colour only helps scanning. */
export function StatusBadge({ status, kind = 'account' }: { status: string; kind?: 'account' | 'order' }) {
  const label = kind === 'order' ? orderStatusLabel(status) : (ACCOUNT_LABELS[status] ?? status);
  return <span className={`badge badge--${TONES[status] ?? 'neutral'}`}>{label}</span>;
}
