export { contractTextsKo } from './ko.js';
export { type ContractTexts, contractTexts, type Localized, translator } from './texts.js';
