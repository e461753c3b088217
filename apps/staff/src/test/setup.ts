import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// react-admin checks the session and loads its screens before they show: under load on a
// shared machine that takes longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 20_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
