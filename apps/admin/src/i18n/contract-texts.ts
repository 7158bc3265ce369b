import {
  type ContractTexts,
  contractTexts,
  contractTextsKo,
  type Localized,
  translator,
} from '@kshop/contract';
import { useLingui } from '@lingui/react';

type Texts = Localized<ContractTexts> & {
  /** An English text of the contract (a validation message, an answer's message) in the screen's language. */
  localize: (english: string) => string;
};

// The back office loads both languages with its one bundle: a staff tool, where a second request for a few
// kilobytes would cost more than it saves.
const ENGLISH: Texts = { ...contractTexts, localize: (text) => text };
const toKorean = translator(contractTexts, contractTextsKo);
const KOREAN: Texts = { ...contractTextsKo, localize: toKorean };

/** The contract's texts (order status names, the spec's messages) in the language the back office shows. */
export function useContractTexts(): Texts {
  const { i18n } = useLingui();
  return i18n.locale === 'ko' ? KOREAN : ENGLISH;
}

/** Whether an answer's message is the contract's `english` text, in whichever language the answer came. */
export const sameMessage = (received: string, english: string): boolean =>
  received === english || received === toKorean(english);
