import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { rtlCache } from '../app/theme';

// Testing Library waits 1 s by default for a screen to appear: on a shared 2-core machine under
// load (the e2e journeys and the PostgreSQL suite run beside these), MUI's first render of a
// route can take longer without anything being wrong (seen: router.test.tsx, 2 of 15).
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  vi.unstubAllGlobals();
  // The server's render is tested without a document (`@vitest-environment node`).
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
});

// The emotion cache keeps every rule a screen ever inserted in <head>, and jsdom reads every
// rule for each computed style (Testing Library asks for many): a test late in a file, or in a
// later file (they share one module graph and document per worker, vitest.config.ts), paid
// for all the screens before it. Each test starts with no rules; what it renders inserts its own.
afterEach(() => {
  if (typeof document === 'undefined') return;
  rtlCache.sheet.flush();
  rtlCache.inserted = {};
});
