import {
  COUNTDOWN_MS,
  countdownLeft,
  koreaTime,
  type Language,
  releaseDateLabel,
  type WindowState,
  windowState,
} from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import './order-window.css';

/**
 * A product's order window and pre-order facts as the storefront shows them (issue 34): the product detail and
 * the cart use these. The rule itself (windowState, countdownLeft, koreaTime) is the contract's.
 */

export type Windowed = { salesStartAt?: string | null; salesEndAt?: string | null };

type Window = { salesStartAt: string | null; salesEndAt: string | null };

const MINUTE = 60_000;
const at = (iso: string | null) => (iso === null ? null : new Date(iso).getTime());

/** How long until what the screen says changes: the window opens, the countdown starts or ticks, it closes. */
function untilNextChange(window: Window, now: number): number | null {
  const state = windowState(window, now);
  if (state === 'CLOSED') return null;
  if (state === 'NOT_YET') return at(window.salesStartAt)! - now;
  const left = countdownLeft(window, now);
  if (left !== null) return left % MINUTE || MINUTE;
  const end = at(window.salesEndAt);
  return end === null ? null : end - COUNTDOWN_MS - now;
}

/**
 * Where the window stands now, kept current: a timer wakes at the next change (at least once a minute while one
 * is coming), so the countdown ticks and the page shows closed at the deadline without a reload.
 */
export function useOrderWindow(product: Windowed) {
  const salesStartAt = product.salesStartAt ?? null;
  const salesEndAt = product.salesEndAt ?? null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const delay = untilNextChange({ salesStartAt, salesEndAt }, now);
    if (delay === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(delay, 1), MINUTE));
    return () => clearTimeout(timer);
  }, [salesStartAt, salesEndAt, now]);
  const window: Window = { salesStartAt, salesEndAt };
  return { ...window, state: windowState(window, now), left: countdownLeft(window, now) };
}

/**
 * The deadline on the reader's own clock, in the page's language, with the zone as its offset ('GMT-5'): the same
 * in every language, where a zone's short name is a local abbreviation ('EST') only some readers know.
 */
export const localDateTime = (iso: string, language: Language): string =>
  new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // 24-hour, as the Korea time beside it ('2026-12-10 18:00').
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).format(new Date(iso));

/** Why a product cannot be carted or ordered now, or nothing while its window is open. */
export function WindowReason({
  state,
  preorder,
  salesStartAt,
}: {
  state: WindowState;
  preorder?: boolean;
  salesStartAt?: string | null;
}) {
  const { t } = useLingui();
  if (state === 'OPEN') return null;
  if (state === 'NOT_YET') {
    const opensAt = salesStartAt ? koreaTime(salesStartAt) : '';
    return <>{t`Orders open ${opensAt} (Korea time)`}</>;
  }
  return <>{preorder ? t`Pre-order closed` : t`Orders closed`}</>;
}

/** '1 d 4 h 12 min': what is left, rounded up to the minute. */
function useDurationText() {
  const { t } = useLingui();
  return (ms: number) => {
    const total = Math.ceil(ms / MINUTE);
    const days = Math.floor(total / 1440);
    const hours = Math.floor((total % 1440) / 60);
    const minutes = total % 60;
    if (days > 0) return t`${days} d ${hours} h ${minutes} min`;
    if (hours > 0) return t`${hours} h ${minutes} min`;
    return t`${minutes} min`;
  };
}

/**
 * The deadline of an open window, in Korea time and the reader's, and in its last 48 hours the time left. The
 * countdown is plain text, not a live region: a screen reader reads it when asked, not every minute.
 */
export function OrderDeadline({ salesEndAt, left }: { salesEndAt: string; left: number | null }) {
  const { t, i18n } = useLingui();
  const duration = useDurationText();
  const korea = koreaTime(salesEndAt);
  const local = localDateTime(salesEndAt, i18n.locale as Language);
  const remaining = left === null ? '' : duration(left);
  return (
    <>
      <p className="order-window__deadline">
        {t`Order deadline: ${korea} (Korea time) · ${local} your time`}
      </p>
      {left !== null && <p className="order-window__countdown">{t`Closes in ${remaining}`}</p>}
    </>
  );
}

/** A pre-order's release and planned ship dates, as a cart or order line shows them. */
export function PreorderDates({
  releaseDate,
  shipsOn,
}: {
  releaseDate?: string | null;
  shipsOn?: string | null;
}) {
  const { t } = useLingui();
  const released = releaseDateLabel(releaseDate);
  return (
    <p className="preorder-dates">
      <span className="preorder-marker">
        <Trans>Pre-order</Trans>
      </span>
      {released && <span>{t`Release date: ${released}`}</span>}
      {shipsOn && <span>{t`Ships from ${shipsOn}`}</span>}
    </p>
  );
}
