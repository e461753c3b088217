import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { rtlCache } from '../emotion-cache';
import { takeContractMismatches } from './fake-api';

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

// The emotion cache keeps every rule a screen ever inserted in <head>, and jsdom reads every
// rule for each computed style (Testing Library and user-event ask for many): a test late in a
// file, or in a later file (they share one module graph and document per worker,
// vitest.config.ts), paid for all the screens before it. Each test starts with no rules.
afterEach(() => {
  rtlCache.sheet.flush();
  rtlCache.inserted = {};
});

// A fake answer the contract does not allow (fake-api.ts) fails the test that gave it, by name
// and field, even when the screen only showed a generic error.
afterEach(() => {
  const problems = takeContractMismatches();
  if (problems.length) throw new Error(problems.join('\n\n'));
});
