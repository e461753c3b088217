import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { ProgressSink } from '../../app-context';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { sha256 } from '../../lib/tokens';

// The progress recorder (issue 28, ADR 054). The player reports every 15 s of play, for every
// student watching at once: a write per report would put a transaction on each of those calls.
// Reports are summed here instead, per student and video, and written every second (or at 500
// reports) in one transaction of upserts, off the request path. This is deliberately not the
// durable job queue (ADR 053): a second of watch time is not worth a job row each. What a crash
// (or a kill without a clean close) loses is what waits here: at most the last batch, about a
// second of reports: a few seconds of watch time per student watching, and the opens in it.
// A clean close (app.close) writes what waits.

/** How often what waits is written, ms. */
export const PROGRESS_FLUSH_MS = 1_000;
/** Reports that start a write at once, before the next tick. */
export const PROGRESS_BATCH_EVENTS = 500;
/**
 * Students × videos (and × attachments) held while the database does not answer: past this,
 * new reports are dropped (and logged) rather than the process growing without end.
 */
const MAX_WAITING = 50_000;
/** A batch that fails this many times running is dropped and logged (a row that cannot be written). */
const MAX_ATTEMPTS = 5;
/** Reports per statement (7 parameters a row: well under either database's limit). */
const CHUNK = 500;
/** Download tokens seen are kept this long: the download link's life (ATTACHMENT_LINK_TTL_MS) and more. */
const SEEN_TOKEN_MS = 60 * 60_000;

type Played = {
  userId: number;
  videoId: number;
  watched: number;
  position: number;
  duration: number | undefined;
  firstAt: string;
  lastAt: string;
  attempts: number;
};
type Opened = {
  userId: number;
  attachmentId: number;
  lectureId: number;
  opens: number;
  firstAt: string;
  lastAt: string;
  attempts: number;
};

export interface ProgressRecorder extends ProgressSink {
  /** Writes what waits now (tests; a clean close); resolves when it is written or failed. */
  flush(): Promise<void>;
  /** Stops the timer and writes what waits (the app's onClose). */
  close(): Promise<void>;
  /** Counters for tests and the bench: reports taken, writes made, rows written, failures. */
  readonly stats: { events: number; flushes: number; rows: number; failures: number };
}

/**
 * The recorder of one server instance; its timer starts with it and does not keep the process
 * alive. A failed write is logged and tried again at the next tick, never thrown.
 * @example const recorder = createProgressRecorder({ db, dialect, log, clock }); recorder.videoPlayed(…)
 */
export function createProgressRecorder(options: {
  db: Kysely<DB>;
  dialect: Dialect;
  log?: FastifyBaseLogger;
  clock: Clock;
  /** PROGRESS_FLUSH_MS unless given (tests give a long one to see a batch wait). */
  flushMs?: number;
}): ProgressRecorder {
  const { db, dialect, log, clock } = options;
  let played = new Map<string, Played>();
  let opened = new Map<string, Opened>();
  let sinceFlush = 0;
  let dropped = 0;
  const seenTokens = new Map<string, number>();
  const stats = { events: 0, flushes: 0, rows: 0, failures: 0 };
  let chain: Promise<void> = Promise.resolve();
  let queued = false;

  const full = () => played.size + opened.size >= MAX_WAITING;

  function mergePlayed(into: Map<string, Played>, p: Played) {
    const key = `${p.userId}:${p.videoId}`;
    const was = into.get(key);
    if (!was) {
      into.set(key, p);
      return;
    }
    was.watched += p.watched;
    // The later report's position; the first duration heard.
    if (p.lastAt >= was.lastAt) {
      was.position = p.position;
      was.lastAt = p.lastAt;
    }
    if (p.firstAt < was.firstAt) was.firstAt = p.firstAt;
    was.duration ??= p.duration;
    was.attempts = Math.max(was.attempts, p.attempts);
  }

  function mergeOpened(into: Map<string, Opened>, o: Opened) {
    const key = `${o.userId}:${o.attachmentId}`;
    const was = into.get(key);
    if (!was) {
      into.set(key, o);
      return;
    }
    was.opens += o.opens;
    if (o.lastAt > was.lastAt) was.lastAt = o.lastAt;
    if (o.firstAt < was.firstAt) was.firstAt = o.firstAt;
    was.attempts = Math.max(was.attempts, o.attempts);
  }

  function counted() {
    stats.events += 1;
    sinceFlush += 1;
    if (sinceFlush >= PROGRESS_BATCH_EVENTS) void flush();
  }

  function refuseWhenFull(): boolean {
    if (!full()) return false;
    dropped += 1;
    return true;
  }

  const least = dialect === 'postgres' ? sql.raw('least') : sql.raw('min');

  async function writeVideos(trx: Kysely<DB>, batch: Played[]) {
    const videos = await trx
      .selectFrom('videos')
      .select(['id', 'lecture_id', 'duration_seconds'])
      .where('id', 'in', [...new Set(batch.map((p) => p.videoId))])
      .execute();
    const byId = new Map(videos.map((v) => [v.id, v]));
    const users = await liveUsers(trx, batch);
    // A video without a length takes the first the player heard (ADR 054), once.
    for (const v of videos) {
      if (v.duration_seconds !== null) continue;
      const heard = batch.find((p) => p.videoId === v.id && p.duration && p.duration >= 1);
      if (!heard) continue;
      v.duration_seconds = Math.round(heard.duration!);
      await trx
        .updateTable('videos')
        .set({ duration_seconds: v.duration_seconds })
        .where('id', '=', v.id)
        .where('duration_seconds', 'is', null)
        .execute();
    }
    // A video or a student removed meanwhile takes the reports with it.
    const rows = batch
      .filter((p) => byId.has(p.videoId) && users.has(p.userId))
      .map((p) => {
        const video = byId.get(p.videoId)!;
        const watched = Math.round(p.watched);
        const length = video.duration_seconds;
        return {
          user_id: p.userId,
          video_id: p.videoId,
          lecture_id: video.lecture_id,
          watched_seconds: length === null ? watched : Math.min(watched, length),
          position_seconds: Math.round(length === null ? p.position : Math.min(p.position, length)),
          first_at: p.firstAt,
          last_at: p.lastAt,
        };
      });
    if (rows.length > 0) {
      const sum = sql<number>`video_progress.watched_seconds + excluded.watched_seconds`;
      await trx
        .insertInto('video_progress')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['user_id', 'video_id']).doUpdateSet({
            // Seconds add up, never past the video's length; first_at stays.
            watched_seconds: sql<number>`${least}(${sum}, coalesce((select v.duration_seconds
              from videos as v where v.id = excluded.video_id), ${sum}))`,
            position_seconds: sql<number>`excluded.position_seconds`,
            last_at: sql<string>`excluded.last_at`,
          }),
        )
        .execute();
    }
    return rows.length;
  }

  /** The students of the batch that still exist (a removed one's reports are dropped, not failed). */
  async function liveUsers(trx: Kysely<DB>, batch: { userId: number }[]) {
    const rows = await trx
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...new Set(batch.map((e) => e.userId))])
      .execute();
    return new Set(rows.map((u) => u.id));
  }

  async function writeOpens(trx: Kysely<DB>, batch: Opened[]) {
    const live = new Set(
      (
        await trx
          .selectFrom('attachments')
          .select('id')
          .where('id', 'in', [...new Set(batch.map((o) => o.attachmentId))])
          .execute()
      ).map((a) => a.id),
    );
    const users = await liveUsers(trx, batch);
    const rows = batch
      .filter((o) => live.has(o.attachmentId) && users.has(o.userId))
      .map((o) => ({
        user_id: o.userId,
        attachment_id: o.attachmentId,
        lecture_id: o.lectureId,
        first_at: o.firstAt,
        last_at: o.lastAt,
        opens: o.opens,
      }));
    if (rows.length > 0) {
      await trx
        .insertInto('attachment_opens')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['user_id', 'attachment_id']).doUpdateSet({
            opens: sql<number>`attachment_opens.opens + excluded.opens`,
            last_at: sql<string>`excluded.last_at`,
          }),
        )
        .execute();
    }
    return rows.length;
  }

  /** One write of everything waiting; on failure it waits again for the next tick. */
  async function write() {
    queued = false;
    if (dropped > 0) {
      log?.warn({ dropped }, 'progress reports dropped: too many waiting while writes fail');
      dropped = 0;
    }
    if (played.size === 0 && opened.size === 0) return;
    const videos = [...played.values()];
    const opens = [...opened.values()];
    played = new Map();
    opened = new Map();
    sinceFlush = 0;
    try {
      const rows = await db.transaction().execute(async (trx) => {
        // Slices keep each statement's lists of ids and rows under the databases' limits.
        let n = 0;
        for (let i = 0; i < videos.length; i += CHUNK)
          n += await writeVideos(trx, videos.slice(i, i + CHUNK));
        for (let i = 0; i < opens.length; i += CHUNK)
          n += await writeOpens(trx, opens.slice(i, i + CHUNK));
        return n;
      });
      stats.flushes += 1;
      stats.rows += rows;
    } catch (err) {
      stats.failures += 1;
      // Put back (merged with what came meanwhile) for the next tick, unless it failed too often.
      const retry = (p: { attempts: number }) => ++p.attempts < MAX_ATTEMPTS;
      const keptVideos = videos.filter(retry);
      const keptOpens = opens.filter(retry);
      const lost = videos.length - keptVideos.length + opens.length - keptOpens.length;
      log?.error(
        { err, rows: videos.length + opens.length, lost },
        'progress batch not written; tried again at the next tick',
      );
      for (const p of keptVideos) mergePlayed(played, p);
      for (const o of keptOpens) mergeOpened(opened, o);
    }
  }

  function flush(): Promise<void> {
    if (queued) return chain;
    queued = true;
    chain = chain.then(write, write);
    return chain;
  }

  const timer = setInterval(() => {
    if (played.size > 0 || opened.size > 0) void flush();
    const old = clock.now().getTime() - SEEN_TOKEN_MS;
    for (const [token, at] of seenTokens) {
      if (at >= old) break;
      seenTokens.delete(token);
    }
  }, options.flushMs ?? PROGRESS_FLUSH_MS);
  timer.unref();

  return {
    stats,
    videoPlayed(event) {
      if (refuseWhenFull()) return;
      const at = clock.now().toISOString();
      mergePlayed(played, {
        userId: event.userId,
        videoId: event.videoId,
        watched: event.watched,
        position: event.position,
        duration: event.duration,
        firstAt: at,
        lastAt: at,
        attempts: 0,
      });
      counted();
    },
    attachmentOpened(event) {
      // One open per download link, however many range requests it serves.
      const key = sha256(event.token);
      if (seenTokens.has(key)) return;
      if (refuseWhenFull()) return;
      seenTokens.set(key, clock.now().getTime());
      const at = clock.now().toISOString();
      mergeOpened(opened, {
        userId: event.userId,
        attachmentId: event.attachmentId,
        lectureId: event.lectureId,
        opens: 1,
        firstAt: at,
        lastAt: at,
        attempts: 0,
      });
      counted();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
