import { i18n } from '@lingui/core';

const dateTime = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateOnly = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const korean = () => i18n.locale === 'ko';

/**
 * The Korean pattern ('2026년 11월 22일 오후 2:05') written out from the parts: how much Korean locale data a
 * browser or Node carries varies (some write 'AM').
 */
function koreanDate(date: Date, withTime: boolean): string {
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((part) => [part.type, part.value]));
  const day = `${Number(parts.year)}년 ${Number(parts.month)}월 ${Number(parts.day)}일`;
  if (!withTime) return day;
  const hour = Number(parts.hour) % 24;
  return `${day} ${hour < 12 ? '오전' : '오후'} ${hour % 12 === 0 ? 12 : hour % 12}:${parts.minute}`;
}

/**
 * In the browser's time zone, by the back office's language: '2026-11-22 14:05' in English, '2026년 11월 22일
 * 오후 2:05' in Korean (issue 33).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return korean() ? koreanDate(date, true) : dateTime.format(date).replace(',', '');
}

/** '2026-11-22' in English, '2026년 11월 22일' in Korean. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return korean() ? koreanDate(date, false) : dateOnly.format(date);
}

/** The value of a datetime-local input for an ISO instant, in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO instant (UTC) for a datetime-local input's value, or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
