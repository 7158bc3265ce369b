// The global stylesheet first, so component styles that come later can refine it.
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadFirstPage } from './app/first-page-data';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { activateLanguage } from './i18n/i18n';
import { initialLanguage } from './lib/language';
import { endSessionHere, startSession } from './lib/session';
import { askOpenTabs, joinTabs } from './lib/tab-session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

// #root holds the static shell (build/first-paint.ts) until this first render replaces it. Rendering it as a
// transition lets React yield to the browser every few milliseconds instead of blocking it for the whole tree.
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });

// The page's language catalogue loads beside the first page's data; English stands in if it cannot be had.
const language = activateLanguage(initialLanguage()).catch(() => activateLanguage('en'));
// A tab opened without a session takes one from the shop's open tabs first, so its first page is a member's.
joinTabs(endSessionHere);
const session = askOpenTabs().then((token) => {
  if (token) startSession(token);
});
Promise.all([language, session.then(() => loadFirstPage(queryClient))]).then(render, render);
