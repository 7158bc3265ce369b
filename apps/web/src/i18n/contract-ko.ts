import { buyerTexts, buyerTextsKo, translator } from '@kshop/contract';

/** The contract's texts in Korean, in the Korean catalogue's chunk: an English page never loads them. */
export const korean = { texts: buyerTextsKo, localize: translator(buyerTexts, buyerTextsKo) };
