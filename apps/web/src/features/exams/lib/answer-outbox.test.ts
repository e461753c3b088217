// @vitest-environment node
// Node's Blob, unlike jsdom's, goes through the structured clone IndexedDB stores with.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import type { ExamAnswerInput, SaveExamAnswersResponse } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import {
  AnswerOutbox,
  outboxKey,
  type OutboxOptions,
  type OutboxStorage,
  type OutboxTransport,
} from './answer-outbox';
import { indexedDbImageStore, type OutboxImage } from './image-change-store';

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

/** The device's local storage, kept across the outboxes of one test (a reload keeps it). */
function deviceStorage(): OutboxStorage & { clear: () => void } {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}
let storage = deviceStorage();

function outbox(server = fakeServer(), events = {}, options: OutboxOptions = {}) {
  return new AnswerOutbox(TOKEN, server.transport, events, {
    now,
    storage,
    retryDelays: [1000, 5000],
    ...options,
  });
}

const stored = () => JSON.parse(storage.getItem(outboxKey(TOKEN)) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers();
  clock = Date.UTC(2026, 10, 23, 9, 0);
  storage = deviceStorage();
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
    await vi.advanceTimersByTimeAsync(0); // the page has read back what a closed one left
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
    await vi.advanceTimersByTimeAsync(0); // the page has read back what a closed one left
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

    storage.clear(); // another device a minute later, or storage cleared
    clock += 60_000;
    const second = outbox(server);
    second.put({ question_id: 1, chosen_answer: 20 });
    await vi.runAllTimersAsync();
    const last = server.calls.at(-1)!;
    expect(last.kind === 'answers' && last.answers[0]!.seq).toBeGreaterThan(highest);
  });

  it('numbers above what the server kept, on a device whose clock is an hour behind', async () => {
    const server = fakeServer();
    const first = outbox(server);
    first.put({ question_id: 1, chosen_answer: 10 });
    await vi.runAllTimersAsync();
    const kept = server.calls.flatMap((c) => (c.kind === 'answers' ? c.answers : []))[0]!.seq!;

    storage.clear(); // a second device, its clock an hour behind the first one's
    clock -= 3_600_000;
    const second = outbox(server);
    second.noteServerSeq(kept); // its session read carries the answer's seq
    second.noteServerSeq(kept - 50); // an older read changes nothing
    second.put({ question_id: 1, chosen_answer: 11 });
    await vi.runAllTimersAsync();
    const last = server.calls.at(-1)!;
    expect(last.kind === 'answers' && last.answers[0]!.seq).toBe(kept + 1);
  });

  it('drops everything of the session when the server says it ended', async () => {
    const server = fakeServer();
    server.answerWith(() => Promise.reject(ended()));
    const onEnded = vi.fn();
    const box = outbox(server, { onEnded });
    box.put({ question_id: 1, chosen_answer: 11 });
    await vi.runAllTimersAsync();
    expect(onEnded).toHaveBeenCalledOnce();
    expect(storage.getItem(outboxKey(TOKEN))).toBeNull();
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

describe('AnswerOutbox, image changes on the device', () => {
  let factory: IDBFactory;
  /** The device's IndexedDB, as a second page of the same browser would open it. */
  const device = () => indexedDbImageStore(factory);
  const png = (bytes: string) => new Blob([bytes], { type: 'image/png' });
  /** Waits until the device keeps `count` image changes of the session. */
  const kept = (count: number) =>
    vi.waitFor(async () => expect(await device().load(TOKEN)).toHaveLength(count));
  const page = (server = fakeServer(), events = {}) =>
    outbox(server, events, { imageStore: device(), retryDelays: [5] });
  const offlinePage = () => {
    const down = fakeServer();
    down.answerWith(() => Promise.reject(networkDown()));
    return page(down);
  };

  beforeEach(() => {
    vi.useRealTimers(); // IndexedDB answers on the event loop
    factory = new IDBFactory();
  });

  it('keeps an image attached offline through a reload and sends it in seq order with the answers', async () => {
    const before = offlinePage();
    before.put({ question_id: 4, answer_text: 'أولاً' });
    before.putImage(4, png('photo'), 'أولاً');
    before.put({ question_id: 5, chosen_answer: 51 });
    await kept(1);
    before.dispose(); // the page is reloaded (or closed and opened again)

    const server = fakeServer();
    const after = page(server);
    await after.flush();
    expect(server.received()).toEqual([
      expect.stringMatching(/^4:أولاً@/),
      expect.stringMatching(/^4:image@/),
      expect.stringMatching(/^5:51@/),
    ]);
    const sent = server.calls.find((c) => c.kind === 'image')!;
    expect(sent.kind === 'image' && (await sent.change.image!.text())).toBe('photo');
    expect(sent.kind === 'image' && sent.change.answer_text).toBe('أولاً');
    const seqs = server.received().map((r) => Number(r.split('@')[1]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    await kept(0);
    expect(after.hasPending()).toBe(false);
  });

  it('keeps an image removal made offline through a reload', async () => {
    const before = offlinePage();
    before.putImage(4, null, 'بلا صورة');
    await kept(1);
    before.dispose();

    const server = fakeServer();
    await page(server).flush();
    expect(server.calls).toEqual([
      {
        kind: 'image',
        change: expect.objectContaining({ question_id: 4, image: null, answer_text: 'بلا صورة' }),
      },
    ]);
    await kept(0);
  });

  it('shows a kept image as waiting after a reload until the server confirms it', async () => {
    const before = offlinePage();
    before.putImage(4, png('photo'), '');
    await kept(1);
    before.dispose();

    const after = offlinePage();
    await after.flush();
    expect(after.statusOf(4)).toBe('waiting');
    expect(after.pendingImages()).toEqual([expect.objectContaining({ question_id: 4 })]);
    expect(await after.pendingImages()[0]!.image!.text()).toBe('photo');
    after.dispose();
    await kept(1); // a failed send forgets nothing

    const server = fakeServer();
    let confirm!: (r: SaveExamAnswersResponse) => void;
    server.answerWith(() => new Promise((resolve) => (confirm = resolve)));
    const online = page(server);
    const sending = online.flush();
    await vi.waitFor(() => expect(online.statusOf(4)).toBe('sending'));
    await kept(1); // on its way is not yet saved
    confirm(saved);
    await sending;
    expect(online.statusOf(4)).toBeNull();
    await kept(0);
  });

  it('keeps the newer image put while the older one was on its way, and forgets only the older', async () => {
    const server = fakeServer();
    let confirm!: (r: SaveExamAnswersResponse) => void;
    server.answerWith(() => new Promise((resolve) => (confirm = resolve)));
    const box = page(server);
    box.putImage(4, png('first'), '');
    await vi.waitFor(() => expect(box.statusOf(4)).toBe('sending'));
    box.putImage(4, png('second'), '');
    confirm(saved);
    // The second leaves only after the device forgot the first.
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    const left = await device().load(TOKEN);
    expect(left).toHaveLength(1);
    expect(await left[0]!.image!.text()).toBe('second');
  });

  it('forgets the kept images of a session that ended, and keeps other sessions’ images', async () => {
    await device().save('another-session', {
      question_id: 4,
      seq: 1,
      image: png('x'),
      answer_text: '',
    });
    const server = fakeServer();
    server.answerWith(() => Promise.reject(ended()));
    const box = page(server);
    box.putImage(4, png('photo'), '');
    await vi.waitFor(() => expect(box.hasPending()).toBe(false));
    await kept(0);
    expect(await device().load('another-session')).toHaveLength(1);
  });

  it('goes on in memory when the device has no IndexedDB', async () => {
    const server = fakeServer();
    const box = outbox(server, {}, { imageStore: indexedDbImageStore(undefined) });
    box.putImage(4, png('photo'), 'نص');
    await box.flush();
    expect(server.received()).toEqual([expect.stringMatching(/^4:image@/)]);
    expect(box.hasPending()).toBe(false);
  });
});
