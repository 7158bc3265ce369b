// The global stylesheet first, so component styles that come later can refine it.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { activateLanguage, initialLanguage } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename="/admin">
        <Providers client={createQueryClient()}>
          <AppRoutes />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  );

// The screen opens in its language; English stands in if that catalogue cannot be had.
activateLanguage(initialLanguage())
  .catch(() => activateLanguage('en'))
  .then(render, render);
