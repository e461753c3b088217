import type { ExamAnswerInput, SaveExamAnswersResponse } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import { indexedDbImageStore, type ImageChangeStore, type OutboxImage } from './image-change-store';

/** A choice or an essay's text, as kept until the server confirms it. */
export type OutboxAnswer = { question_id: number; seq: number } & (
  { chosen_answer: number } | { answer_text: string }
);

/** How the outbox reaches the server: the two answer calls of one session. */
export interface OutboxTransport {
  saveAnswers: (answers: ExamAnswerInput[]) => Promise<SaveExamAnswersResponse>;
  saveImage: (change: OutboxImage) => Promise<SaveExamAnswersResponse>;
}

/** What the screen hears from the outbox. */
export interface OutboxEvents {
  /** The server saved these questions' answers and answered with its clock and the answers. */
  onSaved?: (response: SaveExamAnswersResponse, questionIds: number[]) => void;
  /** The session is over on the server (SESSION_ENDED, SESSION_NOT_FOUND): nothing will be saved. */
  onEnded?: () => void;
  /** The token is no longer valid: the app signs out; the answers stay on the device. */
  onUnauthorized?: () => void;
}

/** The part of `localStorage` the outbox uses; an in-memory stand-in when storage is blocked. */
export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface OutboxOptions {
  storage?: OutboxStorage;
  /** Where image changes wait (IndexedDB unless given). */
  imageStore?: ImageChangeStore;
  now?: () => number;
  /** Waits before each retry after a failure, in ms; the last repeats. */
  retryDelays?: readonly number[];
}

interface Stored {
  lastSeq: number;
  answers: OutboxAnswer[];
}

/** The key of a session's outbox in local storage. */
export const outboxKey = (token: string) => `exam_outbox:${token}`;

/**
 * `seq` counts seconds from this moment, so that a session continued on another device (or
 * after its storage was cleared) still writes numbers above the ones the first device used
 * (ADR 017). 2^31 seconds from 2025 reach 2093.
 */
const SEQ_EPOCH_MS = Date.UTC(2025, 0, 1);
const DEFAULT_RETRY_DELAYS = [1000, 2000, 4000, 8000, 15_000] as const;

function memoryStorage(): OutboxStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

export function defaultStorage(): OutboxStorage {
  try {
    const probe = '__exam_outbox_probe__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}

function isStored(value: unknown): value is Stored {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Stored).lastSeq === 'number' &&
    Array.isArray((value as Stored).answers)
  );
}

type Failure = 'offline' | 'retry' | 'rejected' | 'ended' | 'unauthorized';

/** What a failed call means for the answers it carried. */
function classify(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.code === 'SESSION_ENDED' || error.code === 'SESSION_NOT_FOUND') return 'ended';
  if (error.status === 0) return error.code === 'NETWORK_ERROR' ? 'offline' : 'retry';
  if (error.status === 401) return 'unauthorized';
  if (error.status === 408 || error.status === 429 || error.status >= 500) return 'retry';
  // Any other 4xx (a validation failure): asking again will not change the answer.
  return 'rejected';
}

/**
 * The durable outbox of one exam session (ADR 017): every answer goes here first, is kept in
 * local storage under the session's token with a rising `seq`, and is sent in `seq` order
 * until the server confirms it; a network failure keeps it and retries, a reload replays it.
 * An essay's image changes (files do not fit in local storage) wait in IndexedDB and in
 * memory, are read back before the first send after a reload, and go in the same order.
 * The screen reads it through `subscribe` / `version`.
 * @example
 * const outbox = new AnswerOutbox(token, { saveAnswers, saveImage }, { onSaved })
 * outbox.put({ question_id: 3, chosen_answer: 9 })
 */
export class AnswerOutbox {
  private storage: OutboxStorage;
  private readonly key: string;
  private readonly imageStore: ImageChangeStore;
  /** The image changes a closed page left, read back; every send waits for it. */
  private readonly restored: Promise<void>;
  private restoring = true;
  /** The image store's writes, one after another, so a removal never overtakes its save. */
  private persisting: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly retryDelays: readonly number[];
  private images: OutboxImage[] = [];
  private readonly sending = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private imageOnItsWay: OutboxImage | null = null;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** After a rejected batch, answers go one by one until the refused one is found. */
  private oneByOne = false;
  private ended = false;
  private offlineNow = false;
  private versionNo = 0;

  constructor(
    private readonly token: string,
    private readonly transport: OutboxTransport,
    private readonly events: OutboxEvents = {},
    options: OutboxOptions = {},
  ) {
    this.key = outboxKey(token);
    this.storage = options.storage ?? defaultStorage();
    this.now = options.now ?? Date.now;
    this.retryDelays = options.retryDelays ?? DEFAULT_RETRY_DELAYS;
    this.imageStore = options.imageStore ?? indexedDbImageStore();
    this.restored = this.restoreImages();
  }

  /** Changes with every change of what the outbox holds or does (for `useSyncExternalStore`). */
  get version(): number {
    return this.versionNo;
  }

  /** The last attempt could not reach the server (no network). */
  get offline(): boolean {
    return this.offlineNow;
  }

  /** @example const stop = outbox.subscribe(() => render()) */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Keeps a choice or an essay text with the next `seq` (replacing an older one of the same
   * question still waiting) and starts sending.
   * @example outbox.put({ question_id: 3, answer_text: 'الإجابة' })
   */
  put = (
    answer: { question_id: number } & ({ chosen_answer: number } | { answer_text: string }),
  ): void => {
    if (this.ended) return;
    const stored = this.read();
    const seq = this.nextSeq(stored);
    stored.lastSeq = seq;
    stored.answers = stored.answers.filter((a) => a.question_id !== answer.question_id);
    stored.answers.push({ ...answer, seq });
    this.write(stored);
    this.changed();
    void this.flush();
  };

  /**
   * Keeps an essay's text (see `put`).
   * @example outbox.putText(4, 'الإجابة')
   */
  putText = (questionId: number, text: string): void =>
    this.put({ question_id: questionId, answer_text: text });

  /**
   * Keeps an essay's image change (a file, or null to remove it) with the next `seq`.
   * @example outbox.putImage(4, file, text)
   */
  putImage = (questionId: number, image: Blob | null, answerText: string): void => {
    if (this.ended) return;
    const stored = this.read();
    const seq = this.nextSeq(stored);
    stored.lastSeq = seq;
    this.write(stored);
    // A waiting change of the same question is replaced; one already on its way stays.
    this.images = this.images.filter(
      (c) => c.question_id !== questionId || c === this.imageOnItsWay,
    );
    const change = { question_id: questionId, seq, image, answer_text: answerText };
    this.images.push(change);
    this.persist((store) => store.save(this.token, change));
    this.changed();
    void this.flush();
  };

  /**
   * Takes note of the highest `seq` the server has kept for this session (its saved answers
   * carry theirs): the next answer is numbered above it, so a device whose clock is behind the
   * one that answered before is not ignored (ADR 017).
   * @example outbox.noteServerSeq(Math.max(0, ...session.answer_attempts.map((a) => a.seq ?? 0)))
   */
  noteServerSeq(seq: number): void {
    const stored = this.read();
    if (!(seq > stored.lastSeq)) return;
    stored.lastSeq = seq;
    this.write(stored);
  }

  /** The choices and texts not yet confirmed, in `seq` order, as the calls take them. */
  pendingAnswers(): OutboxAnswer[] {
    return this.read().answers.sort((a, b) => a.seq - b.seq);
  }

  /** The image changes not yet confirmed, in `seq` order. */
  pendingImages(): readonly OutboxImage[] {
    return this.images;
  }

  /** Whether a question's answer is on its way ('sending'), waiting ('waiting') or neither. */
  statusOf(questionId: number): 'sending' | 'waiting' | null {
    if (this.sending.has(questionId)) return 'sending';
    const waiting =
      this.read().answers.some((a) => a.question_id === questionId) ||
      this.images.some((c) => c.question_id === questionId);
    return waiting ? 'waiting' : null;
  }

  /** Whether anything waits to be sent. */
  hasPending(): boolean {
    return this.read().answers.length > 0 || this.images.length > 0;
  }

  /**
   * Sends what waits, in `seq` order, until nothing is left or a call fails; a failure is
   * retried later (sooner when `flush` is called again, e.g. when the browser is back online).
   * Calls made meanwhile join the running one.
   * @example await outbox.flush()
   */
  flush(): Promise<void> {
    if (this.ended) return Promise.resolve();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.flushing) return this.flushing;
    // What a closed page left goes first, in `seq` order with the rest (ADR 017).
    const sent = this.restoring ? this.restored.then(() => this.run()) : this.run();
    this.flushing = sent.finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Forgets everything of this session: it was submitted or ended. */
  drop() {
    this.ended = true;
    clearTimeout(this.retryTimer);
    this.images = [];
    try {
      this.storage.removeItem(this.key);
    } catch {
      // Nothing stored to remove.
    }
    this.persist((store) => store.clear(this.token));
    this.changed();
  }

  /** Stops the waiting retry (the screen is closed); what waits stays stored for the next visit. */
  dispose() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async run() {
    // A failure stops here: its retry is scheduled, and answers put meanwhile wait for it.
    while ((await this.sendNext()) === 'sent');
  }

  /** Sends the oldest waiting change: a batch of answers up to the next image, or that image. */
  private async sendNext(): Promise<'sent' | 'idle' | 'failed'> {
    if (this.ended) return 'idle';
    const answers = this.pendingAnswers();
    const image = this.images[0];
    if (answers.length === 0 && !image) return 'idle';

    if (image && (answers.length === 0 || image.seq <= answers[0]!.seq)) {
      // An image leaves only once it is kept on the device, so a page closed meanwhile has it.
      await this.persisting;
      if (this.ended || this.images[0] !== image) return 'sent'; // changed meanwhile: look again
      const done = () => {
        this.images = this.images.filter((c) => c !== image);
        this.persist((store) => store.remove(this.token, image.question_id, image.seq));
      };
      this.imageOnItsWay = image;
      try {
        return await this.send([image.question_id], () => this.transport.saveImage(image), {
          confirm: done,
          reject: done,
        });
      } finally {
        this.imageOnItsWay = null;
        // A change made while this one was on its way replaces it if it has to be sent again.
        if (this.images.some((c) => c.question_id === image.question_id && c.seq > image.seq))
          done();
      }
    }

    const before = image ? answers.filter((a) => a.seq < image.seq) : answers;
    const batch = this.oneByOne ? before.slice(0, 1) : before;
    return this.send(
      batch.map((a) => a.question_id),
      () => this.transport.saveAnswers(batch),
      {
        confirm: () => this.remove(batch),
        reject: () => {
          if (batch.length > 1) this.oneByOne = true;
          else {
            this.remove(batch);
            this.oneByOne = false;
          }
        },
      },
    );
  }

  private async send(
    questionIds: number[],
    call: () => Promise<SaveExamAnswersResponse>,
    on: { confirm: () => void; reject: () => void },
  ): Promise<'sent' | 'failed'> {
    for (const id of questionIds) this.sending.add(id);
    this.changed();
    try {
      const response = await call();
      on.confirm();
      this.failures = 0;
      this.offlineNow = false;
      this.events.onSaved?.(response, questionIds);
      return 'sent';
    } catch (error) {
      return this.failed(classify(error), on.reject);
    } finally {
      for (const id of questionIds) this.sending.delete(id);
      this.changed();
    }
  }

  private failed(failure: Failure, reject: () => void): 'sent' | 'failed' {
    switch (failure) {
      case 'ended':
        this.drop();
        this.events.onEnded?.();
        return 'failed';
      case 'unauthorized':
        this.events.onUnauthorized?.();
        return 'failed';
      case 'rejected':
        reject();
        return 'sent';
      case 'offline':
      case 'retry':
        this.offlineNow = failure === 'offline';
        this.scheduleRetry();
        return 'failed';
    }
  }

  private scheduleRetry() {
    const delay = this.retryDelays[Math.min(this.failures, this.retryDelays.length - 1)] ?? 1000;
    this.failures++;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  /** Removes sent answers unless a newer one of the same question arrived meanwhile. */
  private remove(sent: readonly OutboxAnswer[]) {
    const stored = this.read();
    stored.answers = stored.answers.filter(
      (a) => !sent.some((s) => s.question_id === a.question_id && s.seq >= a.seq),
    );
    this.write(stored);
  }

  /**
   * Lays the image changes a closed page left under those made since this page opened (those
   * are newer: their `seq` came after), in `seq` order.
   */
  private async restoreImages() {
    const kept = await this.imageStore.load(this.token);
    this.restoring = false;
    if (this.ended) return;
    const left = kept.filter(
      (k) => !this.images.some((c) => c.question_id === k.question_id && c.seq >= k.seq),
    );
    if (left.length === 0) return;
    this.images = [...left, ...this.images].sort((a, b) => a.seq - b.seq);
    this.changed();
  }

  /** Queues a write to the image store after the ones before it; a failure keeps memory only. */
  private persist(write: (store: ImageChangeStore) => Promise<void>) {
    this.persisting = this.persisting.then(() => write(this.imageStore)).catch(() => undefined);
  }

  private nextSeq(stored: Stored): number {
    const clock = Math.floor((this.now() - SEQ_EPOCH_MS) / 1000);
    return Math.max(stored.lastSeq + 1, clock);
  }

  /** Read afresh on every use: another tab of the same session may have written meanwhile. */
  private read(): Stored {
    try {
      const raw = this.storage.getItem(this.key);
      const value: unknown = raw === null ? null : JSON.parse(raw);
      if (isStored(value)) return value;
    } catch {
      // Unreadable: start again from nothing.
    }
    return { lastSeq: 0, answers: [] };
  }

  private write(stored: Stored) {
    const text = JSON.stringify(stored);
    try {
      this.storage.setItem(this.key, text);
    } catch {
      // Storage full or blocked: keep going in memory (a reload would lose what waits), so a
      // confirmed answer is still removed and never sent again and again.
      this.storage = memoryStorage();
      this.storage.setItem(this.key, text);
    }
  }

  private changed() {
    this.versionNo++;
    for (const listener of this.listeners) listener();
  }
}
