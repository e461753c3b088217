import { describe, expect, it } from 'vitest';
import { entryAction } from './entry-action';

describe('entryAction', () => {
  it('starts an exam without a session', () => {
    expect(entryAction({ active_session: false, has_session: false, show_result: true })).toBe(
      'start',
    );
  });

  it('continues a running session, whatever the result setting', () => {
    for (const show_result of [true, false])
      expect(entryAction({ active_session: true, has_session: true, show_result })).toBe(
        'continue',
      );
  });

  it('views the result of a submitted session when the exam shows results', () => {
    expect(entryAction({ active_session: false, has_session: true, show_result: true })).toBe(
      'viewResult',
    );
  });

  it('views the session, not a result, when the exam hides results', () => {
    expect(entryAction({ active_session: false, has_session: true, show_result: false })).toBe(
      'viewSession',
    );
  });
});
