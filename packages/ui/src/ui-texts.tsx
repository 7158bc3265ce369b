import { createContext, type ReactNode, useContext } from 'react';

/**
 * The few words the shared components say themselves (a dialog's buttons, the pagination's names, the language
 * switch), in the language of the app around them: `<UiTextsProvider texts={uiTexts(language)}>`. English when no
 * app says otherwise.
 */
export type UiTexts = {
  ok: string;
  cancel: string;
  pagination: string;
  previousPage: string;
  nextPage: string;
  page: (page: number) => string;
  /** A list's count beside its page links: '12 results'. */
  results: (count: number) => string;
  /** The language switch's accessible name. */
  language: string;
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
  results: (count) => `${count} ${count === 1 ? 'result' : 'results'}`,
  language: 'Language',
  locale: 'en',
};

const KOREAN_UI_TEXTS: UiTexts = {
  ok: '확인',
  cancel: '취소',
  pagination: '페이지 이동',
  previousPage: '이전 페이지',
  nextPage: '다음 페이지',
  // The number stands apart, as axe (label-content-name-mismatch) wants the link's visible text as a word of its name.
  page: (page) => `${page} 페이지`,
  results: (count) => `${count}건`,
  language: '언어',
  locale: 'ko',
};

/** The shared components' words in one of the shop's languages; English for any other. */
export const uiTexts = (language: string): UiTexts =>
  language === 'ko' ? KOREAN_UI_TEXTS : ENGLISH_UI_TEXTS;

const UiTextsContext = createContext<UiTexts>(ENGLISH_UI_TEXTS);

export function UiTextsProvider({ texts, children }: { texts: UiTexts; children: ReactNode }) {
  return <UiTextsContext.Provider value={texts}>{children}</UiTextsContext.Provider>;
}

export const useUiTexts = (): UiTexts => useContext(UiTextsContext);
