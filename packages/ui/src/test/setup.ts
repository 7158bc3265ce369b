import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no layout: the screen's scroll-to-top on navigation has nothing to do.
window.scrollTo = () => {};

// Testing Library unmounts automatically only when the runner exposes globals; this project does not.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
