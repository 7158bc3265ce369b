export { CountryOptions } from './country-options';
export { type AlertOptions, DialogProvider, useAlert, useConfirm } from './dialog';
export { type FieldControlProps, FormField } from './form-field';
export { LanguageSwitch } from './language-switch';
export { Modal } from './modal';
export { Pagination } from './pagination';
export { RouterLink, type RouterLinkProps, RouterLinkProvider } from './router-link';
export { ENGLISH_UI_TEXTS, type UiTexts, UiTextsProvider, uiTexts, useUiTexts } from './ui-texts';
