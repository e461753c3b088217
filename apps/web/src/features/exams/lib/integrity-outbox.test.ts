import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamEventInput } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import type { OutboxStorage } from './answer-outbox';
import { IntegrityOutbox, integrityKey } from './integrity-outbox';

const TOKEN = 'session-token-7';
const T0 = Date.UTC(2026, 10, 29, 10, 0, 0);

function memory(): OutboxStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function setup(storage = memory()) {
  const sent: ExamEventInput[][] = [];
  let answer: () => Promise<unknown> = () => Promise.resolve({ recorded: 1 });
  let n = 0;
  let clock = T0;
  const outbox = new IntegrityOutbox(
    TOKEN,
    (events) => {
      sent.push(structuredClone(events));
      return answer();
    },
    {
      storage,
      now: () => clock,
      newId: () => `event-${String(++n).padStart(4, '0')}`,
      retryDelays: [1000, 5000],
    },
  );
  return {
    outbox,
    storage,
    sent,
    answerWith: (f: () => Promise<unknown>) => (answer = f),
    tick: (ms: number) => (clock += ms),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the integrity outbox', () => {
  it('sends each report with its id, kind and the device’s time, and keeps nothing once confirmed', async () => {
    const { outbox, sent, storage, tick } = setup();
    outbox.record('hidden');
    await outbox.flush();
    tick(30_000);
    outbox.record('visible');
    await outbox.flush();
    expect(sent.flat()).toEqual([
      { id: 'event-0001', kind: 'hidden', at: '2026-11-29T10:00:00.000Z' },
      { id: 'event-0002', kind: 'visible', at: '2026-11-29T10:00:30.000Z' },
    ]);
    expect(storage.map.has(integrityKey(TOKEN))).toBe(false);
  });

  it('keeps reports made offline and sends them, in order, when the server answers again', async () => {
    const { outbox, sent, answerWith } = setup();
    answerWith(() =>
      Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' })),
    );
    outbox.record('offline');
    await outbox.flush();
    outbox.record('hidden');
    await outbox.flush();
    expect(outbox.pending().map((e) => e.kind)).toEqual(['offline', 'hidden']);
    answerWith(() => Promise.resolve({ recorded: 2 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(outbox.pending()).toEqual([]);
    // The last call carried both, oldest first.
    expect(sent.at(-1)!.map((e) => e.kind)).toEqual(['offline', 'hidden']);
  });

  it('hands what a closed page left to the next visit, which sends it with the same ids', async () => {
    const storage = memory();
    const first = setup(storage);
    first.answerWith(() => new Promise(() => undefined)); // the page closes mid-call
    first.outbox.record('hidden');
    first.outbox.close();
    const second = setup(storage);
    await second.outbox.flush();
    expect(second.sent).toEqual([
      [{ id: 'event-0001', kind: 'hidden', at: '2026-11-29T10:00:00.000Z' }],
    ]);
    expect(second.outbox.pending()).toEqual([]);
  });

  it('drops the reports of a session the server does not know', async () => {
    const { outbox, answerWith } = setup();
    answerWith(() =>
      Promise.reject(new ApiError({ status: 404, code: 'SESSION_NOT_FOUND', message: 'x' })),
    );
    outbox.record('hidden');
    await outbox.flush();
    expect(outbox.pending()).toEqual([]);
  });

  it('sends at most 100 reports a call', async () => {
    const { outbox, sent, answerWith } = setup();
    answerWith(() =>
      Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' })),
    );
    for (let i = 0; i < 150; i++) outbox.record(i % 2 ? 'visible' : 'hidden');
    await outbox.flush();
    answerWith(() => Promise.resolve({ recorded: 100 }));
    sent.length = 0;
    await outbox.flush();
    expect(sent.map((batch) => batch.length)).toEqual([100, 50]);
  });
});
