import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  vi.unstubAllGlobals();
  // The server's render is tested without a document (`@vitest-environment node`).
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
