import { contractTexts, contractTextsKo, translator } from '@kshop/contract';

/** The contract's texts in Korean, in the Korean catalogue's chunk: an English page never loads them. */
export const korean = { texts: contractTextsKo, localize: translator(contractTexts, contractTextsKo) };
