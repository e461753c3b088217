import { describe, expect, it } from 'vitest';
import type { ExamAttempts } from '@dars/contract';
import { attemptNotice, entryAction } from './entry-action';

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

describe('entryAction with attempts (ADR 047)', () => {
  const finished = { active_session: false, has_session: true, show_result: true };
  const attempts = (over: Partial<ExamAttempts>): ExamAttempts => ({
    current: 1,
    allowed: 3,
    rule: 'best',
    can_start: false,
    next_at: null,
    ...over,
  });

  it('starts the next attempt when the latest is finished and one may start now', () => {
    expect(entryAction({ ...finished, attempts: attempts({ can_start: true }) })).toBe('startNext');
    expect(attemptNotice({ ...finished, attempts: attempts({ can_start: true }) })).toBeNull();
  });

  it('shows the latest result while the student waits, and says when the next one opens', () => {
    const waiting = {
      ...finished,
      attempts: attempts({ current: 2, next_at: '2026-12-01T08:00:00.000Z' }),
    };
    expect(entryAction(waiting)).toBe('viewResult');
    expect(attemptNotice(waiting)).toEqual({
      kind: 'waiting',
      next: 3,
      at: '2026-12-01T08:00:00.000Z',
    });
  });

  it('says every attempt is used after the last one', () => {
    const used = { ...finished, attempts: attempts({ current: 3 }) };
    expect(entryAction(used)).toBe('viewResult');
    expect(attemptNotice(used)).toEqual({ kind: 'used' });
    expect(entryAction({ ...used, show_result: false })).toBe('viewSession');
  });

  it('continues a running attempt, whatever remains', () => {
    const running = { ...finished, active_session: true, attempts: attempts({ current: 2 }) };
    expect(entryAction(running)).toBe('continue');
    expect(attemptNotice(running)).toBeNull();
  });

  it('starts the first attempt as any exam', () => {
    const fresh = {
      active_session: false,
      has_session: false,
      show_result: true,
      attempts: attempts({ current: 0, can_start: true }),
    };
    expect(entryAction(fresh)).toBe('start');
    expect(attemptNotice(fresh)).toBeNull();
  });

  it('behaves as before without the attempts field (an older server) or with one attempt', () => {
    expect(entryAction(finished)).toBe('viewResult');
    expect(attemptNotice(finished)).toBeNull();
    const one = { ...finished, attempts: attempts({ current: 1, allowed: 1 }) };
    expect(entryAction(one)).toBe('viewResult');
    // One attempt, used: the entry keeps its usual 'you took this exam' notice.
    expect(attemptNotice(one)).toBeNull();
  });
});
