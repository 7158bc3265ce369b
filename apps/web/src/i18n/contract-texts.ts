import { type BuyerTexts, buyerTexts, type Language, type Localized } from '@kshop/contract';
import { useLingui } from '@lingui/react';

type Texts = Localized<BuyerTexts> & {
  /** An English text of the contract (a validation message, an answer's message) in the page's language. */
  localize: (english: string) => string;
};

const english: Texts = { ...buyerTexts, localize: (text) => text };
let korean: Texts | null = null;

/** Called by activateLanguage with the Korean catalogue's chunk. */
export function setKoreanContractTexts(loaded: {
  texts: Localized<BuyerTexts>;
  localize: (text: string) => string;
}) {
  korean = { ...loaded.texts, localize: loaded.localize };
}

export const contractTextsFor = (language: string): Texts => (language === 'ko' && korean) || english;

/**
 * The spec's messages (packages/contract) in the language the page shows, re-rendering when it changes:
 * `const { messages } = useContractTexts(); … messages.cart.empty`.
 */
export function useContractTexts(): Texts {
  const { i18n } = useLingui();
  return contractTextsFor(i18n.locale as Language);
}

/**
 * Whether an answer's message is the contract's `english` text, in whichever language the answer came: a request
 * asks for the page's language, and the page may have changed language since.
 */
export const sameMessage = (received: string, englishText: string): boolean =>
  received === englishText || (korean !== null && received === korean.localize(englishText));
