import { within } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has no object URLs: `URL.createObjectURL` answers `url` (or what `url` makes of the
 * blob, to keep it) and `URL.revokeObjectURL` does nothing. Call it in a `beforeEach`.
 */
export function stubObjectUrls(url: string | ((blob: Blob) => string)) {
  URL.createObjectURL = vi.fn((blob: Blob) => (typeof url === 'string' ? url : url(blob)));
  URL.revokeObjectURL = vi.fn();
}

/**
 * A table as a reader sees it: a row a line, each the texts of its `cells` (every header and
 * data cell unless told, header row first).
 * @example expect(tableLines(table)).toEqual([['الحقل', 'قبل', 'بعد'], ['منشورة', 'لا', 'نعم']])
 */
export function tableLines(table: HTMLElement, cells = 'th, td') {
  return within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll(cells)].map((c) => c.textContent));
}
