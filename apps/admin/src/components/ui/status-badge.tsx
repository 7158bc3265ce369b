import { ORDER_STATUS_LABELS, type OrderStatus } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useContractTexts } from '../../i18n/contract-texts';

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

const ACCOUNT_LABELS: Record<string, MessageDescriptor> = {
  PENDING: msg`Pending`,
  APPROVED: msg`Approved`,
  REJECTED: msg`Rejected`,
  SUSPENDED: msg`Suspended`,
  NEW: msg`New`,
  ANSWERED: msg`Answered`,
  DISABLED: msg`Disabled`,
};

/** An order status's name in English (the contract's); screens take `orderStatusLabels` from useContractTexts. */
export const orderStatusLabel = (status: string): string =>
  ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** A coloured status word; the text carries the meaning, the colour only helps scanning. */
export function StatusBadge({ status, kind = 'account' }: { status: string; kind?: 'account' | 'order' }) {
  const { i18n } = useLingui();
  const { orderStatusLabels } = useContractTexts();
  const account = ACCOUNT_LABELS[status];
  const label =
    kind === 'order'
      ? (orderStatusLabels[status as OrderStatus] ?? status)
      : account
        ? i18n._(account)
        : status;
  return <span className={`badge badge--${TONES[status] ?? 'neutral'}`}>{label}</span>;
}
