import type { ExamEventInput } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import { defaultStorage, type OutboxStorage } from './answer-outbox';

/** What the exam page reports (ADR 044). */
export type ExamPageEvent = ExamEventInput['kind'];

/** The key of a session's integrity reports in local storage. */
export const integrityKey = (token: string) => `exam_events:${token}`;

/** The server takes at most this many a call. */
const BATCH = 100;
/** Reports a page keeps waiting at most (the oldest go first): storage is small. */
const KEPT = 500;
const DEFAULT_RETRY_DELAYS = [2000, 5000, 15_000, 30_000] as const;

export interface IntegrityOutboxOptions {
  storage?: OutboxStorage;
  now?: () => number;
  /** A new event id (8–64 of A–Z a–z 0–9 _ -). */
  newId?: () => string;
  retryDelays?: readonly number[];
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The exam page's integrity reports, kept in local storage until the server confirms them, so
 * that nothing is lost offline or on a reload; sent in order, again after a failure (the
 * server keeps each id once). A session the server no longer knows drops them.
 * @example
 * const outbox = new IntegrityOutbox(token, (events) => saveExamEvents(token, events))
 * outbox.record('hidden')
 */
export class IntegrityOutbox {
  private readonly key: string;
  private readonly storage: OutboxStorage;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly retryDelays: readonly number[];
  private sending: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    token: string,
    private readonly send: (events: ExamEventInput[]) => Promise<unknown>,
    options: IntegrityOutboxOptions = {},
  ) {
    this.key = integrityKey(token);
    this.storage = options.storage ?? defaultStorage();
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomId;
    this.retryDelays = options.retryDelays ?? DEFAULT_RETRY_DELAYS;
  }

  /** What waits for the server, oldest first. */
  pending(): ExamEventInput[] {
    try {
      const value: unknown = JSON.parse(this.storage.getItem(this.key) ?? '[]');
      return Array.isArray(value) ? (value as ExamEventInput[]) : [];
    } catch {
      return [];
    }
  }

  private write(events: readonly ExamEventInput[]) {
    if (events.length === 0) this.storage.removeItem(this.key);
    else this.storage.setItem(this.key, JSON.stringify(events.slice(-KEPT)));
  }

  /** Keeps a report with the device's time and sends what waits. */
  record(kind: ExamPageEvent): void {
    if (this.closed) return;
    const event = { id: this.newId(), kind, at: new Date(this.now()).toISOString() };
    this.write([...this.pending(), event]);
    void this.flush();
  }

  /** Sends what waits, a batch at a time; one sending at once (a second call runs after it). */
  flush(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return this.sending;
    }
    this.sending = this.sendAll().finally(() => {
      this.sending = null;
      if (this.again && !this.closed) {
        this.again = false;
        void this.flush();
      }
    });
    return this.sending;
  }

  private async sendAll(): Promise<void> {
    clearTimeout(this.retryTimer);
    for (;;) {
      const batch = this.pending().slice(0, BATCH);
      if (batch.length === 0 || this.closed) return;
      try {
        await this.send(batch);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'SESSION_NOT_FOUND') {
          this.write([]);
          return;
        }
        const delay = this.retryDelays[Math.min(this.failures, this.retryDelays.length - 1)];
        this.failures += 1;
        this.retryTimer = setTimeout(() => void this.flush(), delay);
        return;
      }
      this.failures = 0;
      const sent = new Set(batch.map((e) => e.id));
      this.write(this.pending().filter((e) => !sent.has(e.id)));
    }
  }

  /** Stops retrying (the page is gone); what waits stays for the next visit. */
  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
  }
}
