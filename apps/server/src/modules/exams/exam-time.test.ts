import { describe, expect, it } from 'vitest';
import {
  ANSWER_GRACE_MS,
  accommodated,
  deadlineOf,
  isOverdue,
  remainingSeconds,
  submitTime,
  windowState,
} from './exam-time';

const T = (iso: string) => new Date(iso);

describe('exam time', () => {
  it('opens the window at starts_at (inclusive) and closes it at ends_at (exclusive)', () => {
    const exam = { starts_at: '2026-01-01T10:00:00.000Z', ends_at: '2026-01-01T12:00:00.000Z' };
    expect(windowState(exam, T('2026-01-01T09:59:59.999Z'))).toBe('not-started');
    expect(windowState(exam, T('2026-01-01T10:00:00.000Z'))).toBe('open');
    expect(windowState(exam, T('2026-01-01T11:59:59.999Z'))).toBe('open');
    expect(windowState(exam, T('2026-01-01T12:00:00.000Z'))).toBe('ended');
    expect(windowState({ starts_at: null, ends_at: null }, T('2000-01-01'))).toBe('open');
  });

  it('puts the deadline at start + duration, cut at the window end, none for an open exam', () => {
    const start = T('2026-01-01T10:00:00.000Z');
    expect(deadlineOf({ duration_minutes: 30, ends_at: null }, start)).toBe(
      '2026-01-01T10:30:00.000Z',
    );
    expect(deadlineOf({ duration_minutes: 30, ends_at: '2026-01-01T10:10:00.000Z' }, start)).toBe(
      '2026-01-01T10:10:00.000Z',
    );
    expect(deadlineOf({ duration_minutes: 30, ends_at: '2026-01-01T11:00:00.000Z' }, start)).toBe(
      '2026-01-01T10:30:00.000Z',
    );
    expect(deadlineOf({ duration_minutes: null, ends_at: '2026-01-01T11:00:00.000Z' }, start)).toBe(
      '2026-01-01T11:00:00.000Z',
    );
    expect(deadlineOf({ duration_minutes: null, ends_at: null }, start)).toBeNull();
  });

  it('counts remaining seconds up, never below 0, 0 once finished, null without a deadline', () => {
    const running = { deadline_at: '2026-01-01T10:30:00.000Z', finished_at: null };
    expect(remainingSeconds(running, T('2026-01-01T10:00:00.000Z'))).toBe(1800);
    expect(remainingSeconds(running, T('2026-01-01T10:29:59.500Z'))).toBe(1);
    expect(remainingSeconds(running, T('2026-01-01T10:31:00.000Z'))).toBe(0);
    expect(
      remainingSeconds(
        { ...running, finished_at: '2026-01-01T10:05:00.000Z' },
        T('2026-01-01T10:00:00.000Z'),
      ),
    ).toBe(0);
    expect(remainingSeconds({ deadline_at: null, finished_at: null }, T('2026-01-01'))).toBeNull();
  });

  it('is overdue only when running and past deadline + grace', () => {
    const deadline = Date.parse('2026-01-01T10:30:00.000Z');
    const running = { deadline_at: new Date(deadline).toISOString(), finished_at: null };
    expect(isOverdue(running, new Date(deadline + ANSWER_GRACE_MS))).toBe(false);
    expect(isOverdue(running, new Date(deadline + ANSWER_GRACE_MS + 1))).toBe(true);
    expect(
      isOverdue(
        { ...running, finished_at: running.deadline_at },
        new Date(deadline + ANSWER_GRACE_MS + 1),
      ),
    ).toBe(false);
    expect(isOverdue({ deadline_at: null, finished_at: null }, new Date(deadline * 2))).toBe(false);
    expect(ANSWER_GRACE_MS).toBe(60_000);
  });

  it("ends a student's submit at now, or at the deadline if that came first", () => {
    const session = { deadline_at: '2026-01-01T10:30:00.000Z' };
    expect(submitTime(session, T('2026-01-01T10:20:00.000Z'))).toBe('2026-01-01T10:20:00.000Z');
    expect(submitTime(session, T('2026-01-01T10:30:40.000Z'))).toBe('2026-01-01T10:30:00.000Z');
    expect(submitTime({ deadline_at: null }, T('2026-01-01T10:30:40.000Z'))).toBe(
      '2026-01-01T10:30:40.000Z',
    );
  });

  it('grows the duration by a percentage of it plus minutes, and moves a fixed end by as much (ADR 042)', () => {
    const exam = {
      duration_minutes: 40,
      starts_at: '2026-01-01T10:00:00.000Z',
      ends_at: '2026-01-01T12:00:00.000Z',
    };
    const none = { extra_minutes: 0, extra_percent: 0, starts_at: null, ends_at: null };
    expect(accommodated(exam, undefined)).toBe(exam);
    // 40 + 25% of 40 (10) + 5 = 55 minutes; the end moves by the same 15.
    expect(accommodated(exam, { ...none, extra_minutes: 5, extra_percent: 25 })).toEqual({
      duration_minutes: 55,
      starts_at: '2026-01-01T10:00:00.000Z',
      ends_at: '2026-01-01T12:15:00.000Z',
    });
    // No duration: a percentage of nothing adds nothing; minutes still move the end.
    expect(
      accommodated(
        { ...exam, duration_minutes: null },
        { ...none, extra_minutes: 10, extra_percent: 50 },
      ),
    ).toEqual({
      duration_minutes: null,
      starts_at: exam.starts_at,
      ends_at: '2026-01-01T12:10:00.000Z',
    });
    // An own window replaces the exam's; no end stays no end.
    expect(
      accommodated(
        { duration_minutes: 30, starts_at: null, ends_at: null },
        {
          ...none,
          extra_minutes: 5,
          starts_at: '2026-01-02T08:00:00.000Z',
          ends_at: '2026-01-02T09:00:00.000Z',
        },
      ),
    ).toEqual({
      duration_minutes: 35,
      starts_at: '2026-01-02T08:00:00.000Z',
      ends_at: '2026-01-02T09:00:00.000Z',
    });
    expect(
      accommodated(
        { duration_minutes: 30, starts_at: null, ends_at: null },
        { ...none, extra_minutes: 5 },
      ).ends_at,
    ).toBeNull();
  });
});
