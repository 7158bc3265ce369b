import { LANGUAGES, type Language } from '@kshop/contract';
import type { Messages } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ProductListPage } from '../features/catalog/routes/product-list-page';
import { HomePage } from '../features/home/routes/home-page';
import { ProductDetailPage } from '../features/product-detail/routes/product-detail-page';
import { korean as koreanContractTexts } from '../i18n/contract-ko';
import { setKoreanContractTexts } from '../i18n/contract-texts';
import { i18n } from '../i18n/i18n';
import { messages as english } from '../locales/en/messages.po';
import { messages as korean } from '../locales/ko/messages.po';
import type { FirstPage } from './initial-reads';
import { PageFrame } from './layout/root-layout';
import { Providers } from './providers';

/**
 * The static shell that index.html shows until the app's first render replaces it (build/first-paint.ts): the
 * page frame as a guest sees it, and in its main area the first screen of home, a product list and a product
 * detail as they look while their data loads. The inline script marks the page it opens (data-first-page on <html>)
 * and the stylesheet shows only that one. Rendered at build time with the app's own components, so it matches the
 * first render; it holds no data, so no price and nothing of a member.
 */
const FIRST_SCREENS: {
  page: Exclude<FirstPage, 'other'>;
  path: string;
  pattern: string;
  element: ReactElement;
}[] = [
  { page: 'home', path: '/', pattern: '/', element: <HomePage /> },
  // A category whose name is not known yet: the title stays blank, as it does until the categories arrive.
  { page: 'list', path: '/productlist/1', pattern: '/productlist/:categoryId', element: <ProductListPage /> },
  {
    page: 'detail',
    path: '/productdetail/0',
    pattern: '/productdetail/:optionUuid',
    element: <ProductDetailPage />,
  },
];

const SLOT = '<div data-shell-slot=""></div>';

function renderAt(path: string, element: ReactElement): string {
  return renderToStaticMarkup(
    <Providers client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </Providers>,
  );
}

const CATALOGS: Record<Language, Messages> = { en: english, ko: korean };

/**
 * The shell in every language the shop speaks: index.html is one file for every visitor, and the inline script sets
 * <html lang> to the visitor's language before anything is painted, which shows that language's shell only
 * (layout.css).
 */
export function renderStaticShell(): string {
  setKoreanContractTexts(koreanContractTexts);
  return LANGUAGES.map((language) => shellIn(language)).join('');
}

function shellIn(language: Language): string {
  i18n.loadAndActivate({ locale: language, messages: CATALOGS[language] });
  const frame = renderAt('/', <PageFrame>{<div data-shell-slot="" />}</PageFrame>);
  const screens = FIRST_SCREENS.map(
    ({ page, path, pattern, element }) =>
      `<div data-shell-page="${page}">${renderAt(
        path,
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>,
      )}</div>`,
  ).join('');
  if (!frame.includes(SLOT)) throw new Error('the page frame lost its main area');
  // A picture of the page until the app takes over: inert and hidden from assistive technology, so nothing in it
  // can be clicked, focused or read out and then lost when the first render replaces it.
  return `<div class="static-shell" data-shell-language="${language}" inert="" aria-hidden="true">${frame.replace(SLOT, screens)}</div>`;
}
