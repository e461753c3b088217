import { vi } from 'vitest';

/**
 * Makes MUI's media queries see a desktop-wide screen (jsdom matches none of them: a phone).
 * Undone by the setup's `vi.unstubAllGlobals()` after each test.
 * @example onDesktop(); renderWallet('/wallet')
 */
export function onDesktop(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}
