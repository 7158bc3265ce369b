import { createContext, type ReactNode, useContext } from 'react';

/**
 * The few words the shared components say themselves (a dialog's buttons, the pagination's names), in the language
 * of the app around them. English unless an app provides its own with <UiTextsProvider>.
 */
export type UiTexts = {
  ok: string;
  cancel: string;
  pagination: string;
  previousPage: string;
  nextPage: string;
  page: (page: number) => string;
  /** The language country names are written in (`Intl.DisplayNames`). */
  locale: string;
};

export const ENGLISH_UI_TEXTS: UiTexts = {
  ok: 'OK',
  cancel: 'Cancel',
  pagination: 'Pagination',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page) => `Page ${page}`,
  locale: 'en',
};

const UiTextsContext = createContext<UiTexts>(ENGLISH_UI_TEXTS);

export function UiTextsProvider({ texts, children }: { texts: UiTexts; children: ReactNode }) {
  return <UiTextsContext.Provider value={texts}>{children}</UiTextsContext.Provider>;
}

export const useUiTexts = (): UiTexts => useContext(UiTextsContext);
