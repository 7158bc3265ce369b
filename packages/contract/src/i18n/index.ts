export { buyerTextsKo } from './ko.js';
export { contractTextsKo, staffTextsKo } from './ko-staff.js';
export { type ContractTexts, contractTexts, staffTexts } from './staff-texts.js';
export { type BuyerTexts, buyerTexts, type Localized, translator } from './texts.js';
