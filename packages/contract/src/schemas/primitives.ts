import { z } from 'zod';
import type { CurrencyCode } from '../constants.js';

/**
 * Building blocks for every request field. PostgreSQL refuses NUL in text and lone UTF-16 surrogates in
 * jsonb, and its `integer` and `bigint` columns have ranges: a field built from these blocks is refused with
 * a 400 naming it before any of that reaches the database. Messages name the field by its path
 * ('receiverInfo.companyName: must be at most 200 characters'); where the spec names a sentence, the caller
 * passes it instead.
 */

/** The range of a PostgreSQL `integer` column. */
export const PG_INTEGER = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The longest text of each kind, in characters (UTF-16 code units, as zod and the browser count). */
export const TEXT_MAX = {
  /** Company, vendor, staff and receiver names. */
  name: 200,
  /** A person's name; categories, artists, option values, search words. */
  label: 100,
  /** Option keys, event types. */
  shortLabel: 50,
  productTitle: 300,
  address: 500,
  phone: 30,
  /** Business registration numbers, postal codes and other identifiers people type. */
  identifier: 50,
  fileName: 200,
  url: 1000,
  /** A password being checked (new passwords have the spec's own 8-40 rule). */
  password: 100,
  /** A one-line staff memo, e.g. 'Shipping fee/15000'. */
  memo: 200,
  /** Reasons and answers staff write. */
  note: 5000,
  /** Sanitised HTML of a product description. */
  html: 50_000,
} as const;

/** Ranges of the whole numbers the shop stores, all inside PostgreSQL `integer`. */
export const INT_RANGE = {
  /** Rows numbered by a serial (artists, artist categories). */
  serialId: { min: 1, max: PG_INTEGER.max },
  /** Category numbers are chosen by staff; the storefront links to them. */
  categoryId: { min: 1, max: 100_000 },
  sortOrder: { min: -1_000_000, max: 1_000_000 },
  stock: { min: 0, max: 100_000_000 },
  quantity: { min: 1, max: 100_000 },
  minimumOrderQuantity: { min: 1, max: 100_000 },
  lowStockThreshold: { min: 0, max: 1_000_000 },
} as const;

/** The highest unit price an option can have, in major units of its currency. */
export const MONEY_MAX: Record<CurrencyCode, number> = { KRW: 100_000_000, USD: 1_000_000 };
/** The largest amount (a total, a memo) whose cents a JavaScript number still holds exactly. */
export const AMOUNT_MAX = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/** Dates and times before 1900 or after 9999 are typing mistakes (PostgreSQL refuses year 0). */
export const YEAR_RANGE = { min: 1900, max: 9999 } as const;

type Issue = { path?: PropertyKey[]; input?: unknown };
type ErrorFor = (issue: Issue) => string;

const fieldOf = (issue: Issue, label: string | undefined) =>
  issue.path?.length ? issue.path.map(String).join('.') : (label ?? 'value');

/** A message naming the field: '<path>: <problem>', or '<label>: <problem>' for a value parsed on its own. */
export const fieldError =
  (problem: string, label?: string): ErrorFor =>
  (issue) =>
    `${fieldOf(issue, label)}: ${problem}`;

const missingOr =
  (problem: string, label?: string): ErrorFor =>
  (issue) =>
    `${fieldOf(issue, label)}: ${issue.input === undefined ? 'is required' : problem}`;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls (below U+0020) and DEL; multi-line text keeps tab, line feed and carriage return. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x7f) return true;
    if (code < 0x20 && !(multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)))
      return true;
  }
  return false;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Half of a UTF-16 surrogate pair without its other half: not a character, and jsonb refuses it. */
export function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(i + 1))) return true;
      i++;
    } else if (isLowSurrogate(code)) return true;
  }
  return false;
}

export type TextOptions = {
  max: number;
  /** Tab and line breaks allowed (messages, addresses, descriptions, notes). */
  multiline?: boolean;
  /** Leading and trailing whitespace removed before the checks (default); never for passwords. */
  trim?: boolean;
  /** Names the field when the value is parsed on its own, outside an object. */
  label?: string;
  /** Missing or empty (after trimming) is refused with this message. */
  required?: string;
  /** Replaces the 'must be at most N characters' message (the spec's length sentences). */
  tooLong?: string;
  /** One message for every problem (login answers 'check your Id or Password' whatever is wrong). */
  error?: string;
};

/**
 * Text a person typed: no control characters (tab and line breaks only in multi-line text), no lone
 * surrogates, at most `max` characters. Chain `.min`, `.regex`, `.optional()` and the like after it.
 */
export function safeText(options: TextOptions) {
  const { max, multiline = false, trim = true, label, required, error } = options;
  let text = z.string({ error: error ?? required ?? missingOr('must be text', label) });
  if (trim) text = text.trim();
  if (required !== undefined || error !== undefined) text = text.min(1, { error: error ?? required });
  // Past the maximum nothing else is checked: patterns never run over a 300,000-character text.
  return text
    .max(max, {
      error: error ?? options.tooLong ?? fieldError(`must be at most ${max} characters`, label),
      abort: true,
    })
    .refine((value) => !hasControlCharacters(value, multiline), {
      error: error ?? fieldError('must not contain control characters', label),
    })
    .refine((value) => !hasLoneSurrogate(value), {
      error: error ?? fieldError('must not contain invalid characters', label),
    });
}

/**
 * A UUID in any letter case, read in lower case: PostgreSQL compares uuids regardless of case, the shop's code
 * compares the text it reads back.
 */
export const uuidText = (options: { label?: string; error?: string } = {}) =>
  z.uuid({ error: options.error ?? fieldError('must be a valid id', options.label) }).toLowerCase();

export type IntOptions = {
  min: number;
  max: number;
  label?: string;
  /** Replace the default messages, e.g. the spec's 'Minimum order quantity is 1'. */
  notWhole?: string;
  tooSmall?: string;
  tooBig?: string;
};

const intChecks = <T extends z.ZodNumber | z.ZodCoercedNumber<unknown>>(
  number: T,
  options: IntOptions,
): T => {
  const { min, max, label } = options;
  // The range first: 1e21 is 'at most 2147483647' rather than 'not a whole number'.
  return number
    .min(min, { error: options.tooSmall ?? fieldError(`must be at least ${min}`, label) })
    .max(max, { error: options.tooBig ?? fieldError(`must be at most ${max}`, label) })
    .int({ error: options.notWhole ?? fieldError('must be a whole number', label) }) as T;
};

/** A whole number within [min, max] (keep it inside PG_INTEGER for an `integer` column). */
export const boundedInt = (options: IntOptions) =>
  intChecks(
    z.number({ error: options.notWhole ?? missingOr('must be a whole number', options.label) }),
    options,
  );

/** The same for a route parameter or query-string value: the text '12' reads as 12. */
export const intParam = (options: IntOptions) =>
  intChecks(
    z.coerce.number({ error: options.notWhole ?? fieldError('must be a whole number', options.label) }),
    options,
  );

export type MoneyOptions = {
  /** Defaults to MONEY_MAX of the currency. */
  max?: number;
  label?: string;
  notNumber?: string;
  negative?: string;
  /** KRW has no minor unit: the message for a fractional amount of won. */
  notWhole?: string;
};

/** A finite amount of money in major units, from 0 to its maximum; won are whole. */
export function moneyAmount(currency: CurrencyCode, options: MoneyOptions = {}) {
  const max = options.max ?? MONEY_MAX[currency];
  const amount = z
    .number({ error: options.notNumber ?? missingOr('must be a number', options.label) })
    .min(0, { error: options.negative ?? fieldError('cannot be negative', options.label) })
    .max(max, { error: fieldError(`must be at most ${max}`, options.label) });
  return currency === 'KRW'
    ? amount.int({ error: options.notWhole ?? fieldError('must be whole won', options.label) })
    : amount;
}

const yearIn = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= YEAR_RANGE.min && year <= YEAR_RANGE.max && Number.isFinite(Date.parse(value));
};

/** A calendar date (YYYY-MM-DD) in a year the database and the shop take. */
export const isoDate = (options: { label?: string; error?: string } = {}) =>
  z.iso
    .date({ error: options.error ?? fieldError('must be a date (YYYY-MM-DD)', options.label) })
    .refine(yearIn, {
      error: fieldError(`must be a date from ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`, options.label),
    });

/** Real UTC offsets run from -12:00 to +14:00; PostgreSQL refuses 16 hours and more. */
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;
const realOffset = (value: string) => {
  const offset = OFFSET.exec(value);
  return !offset || Number(offset[2]) * 60 + Number(offset[3]) <= 14 * 60;
};

/** A moment with its UTC offset (ISO 8601), in a year the database and the shop take. */
export const isoDateTime = (options: { label?: string } = {}) =>
  z.iso
    .datetime({ offset: true, error: fieldError('must be a date and time (ISO 8601)', options.label) })
    .refine((value) => yearIn(value) && realOffset(value), {
      error: fieldError(`must be a time from ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`, options.label),
    });
