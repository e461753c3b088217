import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamAnswerInput, SaveExamAnswersResponse } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import { AnswerOutbox, outboxKey, type OutboxImage, type OutboxTransport } from './answer-outbox';

const TOKEN = 'session-token-1';
const saved: SaveExamAnswersResponse = { remaining_seconds: 600, answer_attempts: [] };
const networkDown = () => new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
const ended = () => new ApiError({ status: 409, code: 'SESSION_ENDED', message: 'ended' });
const invalid = () => new ApiError({ status: 422, code: 'VALIDATION_FAILED', message: 'bad' });

/** A server that records what reaches it and answers as told (default: saved). */
function fakeServer() {
  const calls: (
    { kind: 'answers'; answers: ExamAnswerInput[] } | { kind: 'image'; change: OutboxImage }
  )[] = [];
  let answer: (body: ExamAnswerInput[] | OutboxImage) => Promise<SaveExamAnswersResponse> = () =>
    Promise.resolve(saved);
  const transport: OutboxTransport = {
    saveAnswers: (answers) => {
      calls.push({ kind: 'answers', answers: structuredClone(answers) });
      return answer(answers);
    },
    saveImage: (change) => {
      calls.push({ kind: 'image', change });
      return answer(change);
    },
  };
  return {
    transport,
    calls,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    /** Every answer that reached the server, in order, as `question:value@seq`. */
    received() {
      return calls.flatMap((c) =>
        c.kind === 'answers'
          ? c.answers.map((a) => `${a.question_id}:${a.chosen_answer ?? a.answer_text}@${a.seq}`)
          : [`${c.change.question_id}:image@${c.change.seq}`],
      );
    },
  };
}

let clock = Date.UTC(2026, 10, 23, 9, 0);
const now = () => clock;

function outbox(server = fakeServer(), events = {}) {
  return new AnswerOutbox(TOKEN, server.transport, events, { now, retryDelays: [1000, 5000] });
}

const stored = () => JSON.parse(window.localStorage.getItem(outboxKey(TOKEN)) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers();
  clock = Date.UTC(2026, 10, 23, 9, 0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AnswerOutbox', () => {
  it('stores each answer before sending it, and forgets it once the server confirms', async () => {
    const server = fakeServer();
    let confirm!: (r: SaveExamAnswersResponse) => void;
    server.answerWith(() => new Promise((resolve) => (confirm = resolve)));
    const box = outbox(server);
    box.put({ question_id: 1, chosen_answer: 11 });
    expect(stored().answers).toEqual([
      { question_id: 1, chosen_answer: 11, seq: expect.any(Number) },
    ]);
    expect(box.statusOf(1)).toBe('sending');
    confirm(saved);
    await vi.runAllTimersAsync();
    expect(stored().answers).toEqual([]);
    expect(box.statusOf(1)).toBeNull();
  });

  it('gives every change a rising seq and sends the waiting answers in seq order', async () => {
    const server = fakeServer();
    server.answerWith(() => Promise.reject(networkDown()));
    const box = outbox(server);
    box.put({ question_id: 1, chosen_answer: 11 });
    clock += 10;
    box.put({ question_id: 2, answer_text: 'نص' });
    box.put({ question_id: 3, chosen_answer: 31 });
    clock -= 3_600_000; // the device's clock set back an hour
    box.put({ question_id: 1, chosen_answer: 12 }); // replaces the first one
    await vi.advanceTimersByTimeAsync(0);
    const seqs = box.pendingAnswers().map((a) => a.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(3);
    expect(box.pendingAnswers().map((a) => a.question_id)).toEqual([2, 3, 1]);

    server.answerWith(() => Promise.resolve(saved));
    await box.flush();
    const last = server.calls.at(-1)!;
    expect(
      last.kind === 'answers' &&
        last.answers.map((a) => [a.question_id, a.chosen_answer ?? a.answer_text]),
    ).toEqual([
      [2, 'نص'],
      [3, 31],
      [1, 12],
    ]);
    expect(box.hasPending()).toBe(false);
  });

  it('keeps a newer answer given while the older one of the same question was on its way', async () => {
    const server = fakeServer();
    let confirm!: (r: SaveExamAnswersResponse) => void;
    server.answerWith(() => new Promise((resolve) => (confirm = resolve)));
    const box = outbox(server);
    box.put({ question_id: 1, chosen_answer: 11 });
    box.put({ question_id: 1, chosen_answer: 12 });
    expect(box.statusOf(1)).toBe('sending');
    confirm(saved);
    await vi.advanceTimersByTimeAsync(0);
    // The first confirmation did not take the second answer with it: it is sent next.
    expect(server.received()).toEqual([
      expect.stringMatching(/^1:11@/),
      expect.stringMatching(/^1:12@/),
    ]);
    confirm(saved);
    await vi.runAllTimersAsync();
    expect(box.hasPending()).toBe(false);
  });

  it('keeps answers through a network failure, says it is offline, and retries until confirmed', async () => {
    const server = fakeServer();
    server.answerWith(() => Promise.reject(networkDown()));
    const box = outbox(server);
    box.put({ question_id: 1, chosen_answer: 11 });
    await vi.advanceTimersByTimeAsync(0);
    expect(box.offline).toBe(true);
    expect(box.statusOf(1)).toBe('waiting');
    expect(stored().answers).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1000); // first retry, still down
    expect(server.calls).toHaveLength(2);
    server.answerWith(() => Promise.resolve(saved));
    await vi.advanceTimersByTimeAsync(5000); // second retry gets through
    expect(server.calls).toHaveLength(3);
    expect(box.offline).toBe(false);
    expect(box.hasPending()).toBe(false);
  });

  it('replays what a closed page left, in order, before taking new answers', async () => {
    const down = fakeServer();
    down.answerWith(() => Promise.reject(networkDown()));
    const before = outbox(down);
    before.put({ question_id: 1, chosen_answer: 11 });
    before.put({ question_id: 2, answer_text: 'نص' });
    await vi.advanceTimersByTimeAsync(0);
    before.dispose(); // the page is reloaded
    const left = before.pendingAnswers();

    const server = fakeServer();
    const after = outbox(server);
    expect(after.pendingAnswers()).toEqual(left);
    await after.flush();
    expect(server.calls[0]).toEqual({ kind: 'answers', answers: left });
    after.put({ question_id: 3, chosen_answer: 31 });
    await vi.runAllTimersAsync();
    const last = server.calls.at(-1)!;
    expect(last.kind === 'answers' && last.answers[0]!.seq).toBeGreaterThan(left.at(-1)!.seq);
  });

  it('counts from the clock, so a session continued with empty storage still rises', async () => {
    const server = fakeServer();
    const first = outbox(server);
    for (let i = 0; i < 5; i++) first.put({ question_id: 1, chosen_answer: 10 + i });
    await vi.runAllTimersAsync();
    const highest = Math.max(
      ...server.calls.flatMap((c) => (c.kind === 'answers' ? c.answers.map((a) => a.seq!) : [])),
    );

    window.localStorage.clear(); // another device a minute later, or storage cleared
    clock += 60_000;
    const second = outbox(server);
    second.put({ question_id: 1, chosen_answer: 20 });
    await vi.runAllTimersAsync();
    const last = server.calls.at(-1)!;
    expect(last.kind === 'answers' && last.answers[0]!.seq).toBeGreaterThan(highest);
  });

  it('drops everything of the session when the server says it ended', async () => {
    const server = fakeServer();
    server.answerWith(() => Promise.reject(ended()));
    const onEnded = vi.fn();
    const box = outbox(server, { onEnded });
    box.put({ question_id: 1, chosen_answer: 11 });
    await vi.runAllTimersAsync();
    expect(onEnded).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem(outboxKey(TOKEN))).toBeNull();
    box.put({ question_id: 2, chosen_answer: 21 });
    await vi.runAllTimersAsync();
    expect(server.calls).toHaveLength(1);
    expect(box.hasPending()).toBe(false);
  });

  it('finds the one answer the server refuses and keeps sending the others', async () => {
    const server = fakeServer();
    server.answerWith((body) =>
      Array.isArray(body) && body.some((a) => a.question_id === 2)
        ? Promise.reject(invalid())
        : Promise.resolve(saved),
    );
    const down = fakeServer();
    down.answerWith(() => Promise.reject(networkDown()));
    const offlineBox = outbox(down);
    offlineBox.put({ question_id: 1, chosen_answer: 11 });
    offlineBox.put({ question_id: 2, chosen_answer: 999 });
    offlineBox.put({ question_id: 3, chosen_answer: 31 });
    await vi.advanceTimersByTimeAsync(0);
    offlineBox.dispose();

    const box = outbox(server);
    await box.flush();
    await vi.runAllTimersAsync();
    expect(box.hasPending()).toBe(false);
    const confirmed = server.calls
      .filter((c) => c.kind === 'answers' && !c.answers.some((a) => a.question_id === 2))
      .flatMap((c) => (c.kind === 'answers' ? c.answers.map((a) => a.question_id) : []));
    expect(confirmed).toEqual([1, 3]);
  });

  it('sends an image change between the answers given before and after it', async () => {
    const server = fakeServer();
    server.answerWith(() => Promise.reject(networkDown()));
    const box = outbox(server);
    box.put({ question_id: 4, answer_text: 'أولاً' });
    box.putImage(4, new Blob(['x'], { type: 'image/png' }), 'أولاً');
    box.put({ question_id: 5, chosen_answer: 51 });
    await vi.advanceTimersByTimeAsync(0);
    server.calls.length = 0;

    server.answerWith(() => Promise.resolve(saved));
    await box.flush();
    expect(server.received()).toEqual([
      expect.stringMatching(/^4:أولاً@/),
      expect.stringMatching(/^4:image@/),
      expect.stringMatching(/^5:51@/),
    ]);
    const seqs = server.received().map((r) => Number(r.split('@')[1]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('sends only the latest of several image changes of a question made while waiting', async () => {
    const server = fakeServer();
    server.answerWith(() => Promise.reject(networkDown()));
    const box = outbox(server);
    const first = new Blob(['1'], { type: 'image/png' });
    box.putImage(4, first, '');
    await vi.advanceTimersByTimeAsync(0);
    box.putImage(4, new Blob(['2'], { type: 'image/png' }), '');
    box.putImage(4, null, ''); // removed in the end
    await vi.advanceTimersByTimeAsync(0);
    server.calls.length = 0;

    server.answerWith(() => Promise.resolve(saved));
    await box.flush();
    expect(server.calls).toEqual([
      { kind: 'image', change: expect.objectContaining({ question_id: 4, image: null }) },
    ]);
    expect(box.hasPending()).toBe(false);
  });

  it('sends a confirmed answer once even when storage refuses to write', async () => {
    const server = fakeServer();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const box = new AnswerOutbox(TOKEN, server.transport, {}, { now, storage: full });
    box.put({ question_id: 1, chosen_answer: 11 });
    box.put({ question_id: 2, chosen_answer: 21 });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.received()).toEqual([
      expect.stringMatching(/^1:11@/),
      expect.stringMatching(/^2:21@/),
    ]);
    expect(box.hasPending()).toBe(false);
  });

  it('leaves the answers stored when the token is refused, for after signing in again', async () => {
    const server = fakeServer();
    server.answerWith(() => Promise.reject(new ApiError({ status: 401, message: 'no' })));
    const onUnauthorized = vi.fn();
    const box = outbox(server, { onUnauthorized });
    box.put({ question_id: 1, chosen_answer: 11 });
    await vi.runAllTimersAsync();
    expect(onUnauthorized).toHaveBeenCalled();
    expect(stored().answers).toHaveLength(1);
  });
});
