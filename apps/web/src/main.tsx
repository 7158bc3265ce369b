// The global stylesheet first, so component styles that come later can refine it.
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// #root holds the static shell (build/first-paint.ts) until this first render replaces it. Rendering it as a
// transition lets React yield to the browser every few milliseconds instead of blocking it for the whole tree.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
