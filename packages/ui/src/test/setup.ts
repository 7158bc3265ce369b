/** Component-test setup shared by the UI package and both web apps (their vitest setupFiles import it). */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library unmounts automatically only when the runner exposes globals; this project does not.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
