import { clampToRules, largestQuantity, type ProductOptionDetail, smallestQuantity } from '@kshop/contract';
import { unitPriceAt } from './volume-tiers';

/** The option choices of one product and the rules for picking them (spec section 4, product selection). */

export type Selection = { option: ProductOptionDetail; quantity: number };

/** The option's quantity rules (issue 12) as the contract's quantity rule reads them. */
export const optionRules = (option: ProductOptionDetail) => ({
  minimum: option.minimumOrderQuantity,
  multiple: option.orderMultiple ?? 1,
  max: option.maxPerOrder ?? null,
  available: option.stock,
});

/**
 * Flagged sold out, or less available than its minimum order quantity (rounded up to its multiple): it
 * cannot be ordered.
 */
export const isOptionSoldOut = (option: ProductOptionDetail): boolean =>
  option.isSoldOut ||
  option.stock <= 0 ||
  largestQuantity(optionRules(option)) < smallestQuantity(optionRules(option));

export const hasSecondOption = (options: readonly ProductOptionDetail[]): boolean =>
  options.some((option) => Boolean(option.optionNameKey2));

export const firstValues = (options: readonly ProductOptionDetail[]): string[] => [
  ...new Set(options.map((option) => option.optionNameValue1)),
];

export const optionsWithFirstValue = (options: readonly ProductOptionDetail[], value1: string) =>
  options.filter((option) => option.optionNameValue1 === value1);

export const optionLabel = (option: ProductOptionDetail): string =>
  option.optionNameValue2
    ? `${option.optionNameValue1} / ${option.optionNameValue2}`
    : option.optionNameValue1;

/** A new selection starts at the option's minimum order quantity, rounded up to its multiple. */
export const newSelection = (option: ProductOptionDetail): Selection => ({
  option,
  quantity: clampToRules(smallestQuantity(optionRules(option)), optionRules(option)).quantity,
});

/** Amount of a line at the volume tier of its quantity, or null when the buyer sees no prices. */
export const lineAmount = ({ option, quantity }: Selection): number | null => {
  const unit = unitPriceAt(option, quantity);
  return unit === null ? null : unit * quantity;
};

export function totalAmount(selections: readonly Selection[]): number | null {
  let total = 0;
  for (const selection of selections) {
    const amount = lineAmount(selection);
    if (amount === null) return null;
    total += amount;
  }
  return total;
}

/** Every option is sold out: the product cannot be added to the cart at all. */
export const isAllSoldOut = (options: readonly ProductOptionDetail[]): boolean =>
  options.length > 0 && options.every(isOptionSoldOut);

/** The unit price of an option, or null when the buyer sees no prices. */
export const unitPrice = (option: ProductOptionDetail): number | null =>
  option.productPrice?.totalPrice ?? null;

/**
 * The option the buyer is looking at: the one the dropdowns name, else the last one added, else none (the
 * page then shows the option it was opened at).
 */
export function chosenOption(
  options: readonly ProductOptionDetail[],
  value1: string,
  value2: string,
  selections: readonly Selection[],
): ProductOptionDetail | null {
  if (value1) {
    const matches = optionsWithFirstValue(options, value1);
    const named = hasSecondOption(options)
      ? value2
        ? matches.find((option) => option.optionNameValue2 === value2)
        : undefined
      : matches[0];
    if (named) return named;
  }
  return selections.at(-1)?.option ?? null;
}

/** The Price line of the detail: the chosen option's unit price, else the price of the option opened. */
export const displayedPrice = (
  opened: { totalPrice: number | null },
  chosen: ProductOptionDetail | null,
): number | null => (opened.totalPrice === null ? null : chosen ? unitPrice(chosen) : opened.totalPrice);
