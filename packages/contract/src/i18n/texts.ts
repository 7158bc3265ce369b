import { messages, stockAlertMessages } from '../messages.js';
import { ORDER_STATUS_LABELS } from '../rules/order-status.js';
import { QUICK_ORDER_MESSAGES, REORDER_SKIPS, SAVED_LIST_MESSAGES, shopMessages } from '../shop-messages.js';

/**
 * The contract's texts that reach buyers, in English (the spec's sentences, written once in messages.ts and beside
 * the rules they name). Each other language has the same shape (`Localized`), so a text without a translation, or a
 * translation of a message that takes other values, does not compile. Free of zod and the schemas: the storefront
 * loads this tree with its first page. The back office's texts join it in `contractTexts` (staff-texts.ts).
 */
export const buyerTexts = {
  messages,
  stockAlertMessages,
  shopMessages,
  orderStatusLabels: ORDER_STATUS_LABELS,
  reorderSkips: REORDER_SKIPS,
  quickOrder: QUICK_ORDER_MESSAGES,
  savedLists: SAVED_LIST_MESSAGES,
} as const;

export type BuyerTexts = typeof buyerTexts;

/** The same tree with any text in place of each English one; a message that takes values takes the same values. */
export type Localized<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : T extends readonly string[]
      ? { readonly [K in keyof T]: string }
      : { readonly [K in keyof T]: Localized<T[K]> };

type Tree = string | ((...args: never[]) => string) | readonly Tree[] | { readonly [key: string]: Tree };
type Pattern = { match: RegExp; translate: (...values: string[]) => string };

// A value's place in a sentence, marked with private-use characters no message holds.
const HOLE = (index: number) => `\uE000${index}\uE001`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads an English text of the contract as the other language writes it. A message that takes values (`Minimum
 * order quantity is 3`) is found by its pattern, and its values go into the other language's sentence. A text the
 * contract does not hold (a product's title, a message of the staff's own screens) comes back as it is.
 */
export function translator<T extends BuyerTexts>(english: T, other: Localized<T>): (text: string) => string {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  const walk = (from: Tree, to: Tree) => {
    if (typeof from === 'string') {
      exact.set(from, to as string);
    } else if (typeof from === 'function') {
      const holes = Array.from({ length: from.length }, (_, index) => HOLE(index));
      const sentence = (from as (...args: string[]) => string)(...holes);
      const order: number[] = [];
      const source = escapeRegExp(sentence).replace(/\uE000(\d+)\uE001/g, (_, index: string) => {
        order.push(Number(index));
        return '(.+?)';
      });
      const translate = to as (...args: string[]) => string;
      patterns.push({
        match: new RegExp(`^${source}$`, 's'),
        translate: (...values) => {
          const args: string[] = [];
          order.forEach((index, position) => {
            args[index] = values[position] ?? '';
          });
          return translate(...args);
        },
      });
    } else if (Array.isArray(from)) {
      for (const [index, item] of from.entries()) walk(item, (to as readonly Tree[])[index] as Tree);
    } else {
      for (const key of Object.keys(from)) {
        walk((from as Record<string, Tree>)[key] as Tree, (to as Record<string, Tree>)[key] as Tree);
      }
    }
  };
  walk(english as unknown as Tree, other as unknown as Tree);
  return (text) => {
    const found = exact.get(text);
    if (found !== undefined) return found;
    for (const pattern of patterns) {
      const values = pattern.match.exec(text);
      if (values) return pattern.translate(...values.slice(1));
    }
    return text;
  };
}
