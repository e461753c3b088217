import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { mp4DurationSeconds } from '../../lib/mp4-duration';
import { Server } from '@tus/server';
import { fileTypeFromBuffer } from 'file-type';
import { API_BASE, STAFF_VIDEO_UPLOAD_PATH } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../plugins/auth';
import { requireStaffRole } from '../../plugins/staff-role';
import { findSession } from '../auth/session-tokens';
import { getVideo, setVideoFile } from './video-admin';
import { requestTranscode } from './transcode';
import type { Actor } from '../../db/audited-change';
import { isLocalStorage } from '../../storage/local-storage';
import { isInScope, scopeOfAccount } from '../../db/teacher-scope';

/** Where staff upload a lecture's video by the tus protocol (resumable; ADR 022). */
export const VIDEO_UPLOAD_PATH = `${API_BASE}${STAFF_VIDEO_UPLOAD_PATH}`;
/** The routes it adds, outside the contract's JSON calls (the api-contract test reads them). */
export const VIDEO_UPLOAD_ROUTES = [
  `POST ${VIDEO_UPLOAD_PATH}`,
  `PATCH ${VIDEO_UPLOAD_PATH}/:id`,
  `DELETE ${VIDEO_UPLOAD_PATH}/:id`,
];
/** The largest video accepted: 2 GB (issue 12). */
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** How long an unfinished upload may wait to be resumed. */
export const UNFINISHED_TTL_MS = 24 * 60 * 60 * 1000;
/** What a lecture video may be, by its bytes: the player streams MP4. */
const VIDEO_TYPES = new Set(['video/mp4', 'video/x-m4v']);
/** The refusal of an upload for a video that does not exist (or no longer does). */
const NO_VIDEO = 'الفيديو غير موجود، أنشئه أولاً ثم ارفع ملفه';

/** A tus refusal: the status and an Arabic body the staff app shows. */
function refuse(status: number, body: string): never {
  throw { status_code: status, body };
}

async function actorFrom(ctx: AppContext, req: Request): Promise<Actor> {
  // Stryker disable next-line OptionalChaining: the route's auth hook let the request in only with "Bearer <token>", which this matches
  const token = /^Bearer\s+(\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1];
  const session = token ? await findSession(ctx.db, token) : null;
  if (!session) refuse(401, 'يجب تسجيل الدخول أولاً');
  return { id: session.user.id, name: session.user.name, groupId: session.user.group_id };
}

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Resumable video uploads (the tus protocol, @tus/server): `POST` with `Upload-Length` and
 * `Upload-Metadata: video_id <base64>` opens an upload, `PATCH`es send the bytes from
 * `Upload-Offset`, and `HEAD` tells how far a dropped upload got, so it resumes there.
 * Parts wait in DATA_DIR/uploads/tus; the finished file is checked by its bytes (MP4), moved
 * into private storage (the bucket when configured) and set on the video, audited.
 * Leaders and admins only: the same role hooks as the staff calls.
 */
export const videoUploadRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const directory = path.join(ctx.config.dataDir, 'uploads', 'tus');
    let made: Server | undefined;
    // Made at the first upload, not with the app: FileStore's constructor starts an
    // mkdir whose callback throws, an uncaught exception, if the folder goes away meanwhile (a
    // test's data folder removed as its app closes), and most instances never see an upload.
    const uploads = (): Server => (made ??= uploadServer(ctx, directory));

    // Abandoned uploads go: at start (an instance restarted more often than the interval must
    // still sweep) and then every interval, on every instance.
    // A sweep slower than the interval (a busy machine, a slow disk) is not joined by the next
    // one: two sweeps side by side could each remove one half of an upload and judge the other
    // half by its own fresh file time, leaving it for another day.
    let sweep: NodeJS.Timeout | undefined;
    let sweeping: Promise<void> | undefined;
    const sweepNow = () => {
      sweeping ??= sweepUnfinishedUploads(ctx, directory, app.log)
        .then(() => undefined)
        .catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep'))
        .finally(() => {
          sweeping = undefined;
        });
      return sweeping;
    };
    app.addHook('onReady', async () => {
      void sweepNow();
      sweep = setInterval(sweepNow, ctx.config.operations.uploadSweepIntervalMs);
      sweep.unref();
    });
    // A sweep under way when the server closes is waited for: none touches the disk afterwards.
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await sweeping;
    });

    // The bytes are tus's to read, as they come: Fastify must not parse or buffer them.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    // Teachers too (ADR 048): an upload opens only for a video in their scope (onUploadCreate).
    const onRequest = [requireAuth, requireStaffRole('leader', true)];
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await uploads().handle(request.raw, reply.raw);
    };
    // tus reads the bytes itself; the limit says what a body may declare (plugins/expect-continue.ts).
    const bodyLimit = VIDEO_MAX_BYTES;
    app.route({ method: 'POST', url: VIDEO_UPLOAD_PATH, onRequest, bodyLimit, handler });
    app.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${VIDEO_UPLOAD_PATH}/:id`,
      onRequest,
      bodyLimit,
      handler,
    });
  };

/** A file's age at `now`, or null when it is gone. */
async function ageOf(file: string, now: Date): Promise<number | null> {
  try {
    return now.getTime() - (await fs.promises.stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * How long ago an upload began, judged once for both its halves (`files`: the part and/or its
 * info file): the info file's creation date (as tus reads it) when both are there; otherwise, or
 * when the info file cannot be read (being written), the newer file time of the two. Null when
 * both are gone.
 */
async function uploadAge(
  directory: string,
  id: string,
  files: string[],
  now: Date,
): Promise<number | null> {
  if (files.length === 2) {
    try {
      const info = JSON.parse(
        await fs.promises.readFile(path.join(directory, `${id}.json`), 'utf8'),
      ) as { creation_date?: string };
      if (info.creation_date) return now.getTime() - new Date(info.creation_date).getTime();
    } catch {
      // Being written: the file times say.
    }
  }
  const ages = (await Promise.all(files.map((f) => ageOf(path.join(directory, f), now)))).filter(
    (age) => age !== null,
  );
  return ages.length ? Math.min(...ages) : null;
}

/**
 * Removes what an upload left behind past UNFINISHED_TTL_MS, by the app's clock: a tus upload
 * (its part and its info file, `<id>.json`, which is the upload's only record) counted from
 * its creation, as tus's own expiry is; either half of one whose other half is gone, by its
 * file time; and, in the local storage, a file half written when the server stopped
 * (`*.part`, local-storage.ts). A finished upload is no longer here: it was moved into storage
 * and set on its video. Only files are tus's: anything else in the folder (a folder someone
 * made there) is left alone and logged. A file that cannot be removed is logged and the sweep
 * goes on with the rest. Answers how many files went.
 */
export async function sweepUnfinishedUploads(
  ctx: AppContext,
  directory: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const now = ctx.clock.now();
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(directory, { withFileTypes: true });
  } catch {
    // Stryker disable next-line ArrayDeclaration: a name that is not there has no age (stat fails) and is left alone, as no name is
    entries = [];
  }
  const names = entries.filter((e) => e.isFile()).map((e) => e.name);
  const foreign = entries.filter((e) => !e.isFile()).map((e) => e.name);
  if (foreign.length > 0)
    log.warn({ directory, entries: foreign }, 'upload sweep: not files, left alone');
  const present = new Set(names);
  let removed = 0;
  const remove = async (name: string) => {
    try {
      await fs.promises.rm(path.join(directory, name), { force: true });
      removed += 1;
    } catch (error) {
      log.warn({ err: error, file: name }, 'upload sweep: could not remove');
    }
  };
  // One decision per upload, for both halves: judged file by file, an info file being rewritten
  // while the sweep read it for the part (unreadable: the part's own fresh time) but not for
  // itself (old) removed the record and kept the part for another day (seen in CI).
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
  for (const id of ids) {
    const files = [id, `${id}.json`].filter((name) => present.has(name));
    const age = await uploadAge(directory, id, files, now);
    if (age !== null && age > UNFINISHED_TTL_MS) for (const name of files) await remove(name);
  }
  if (isLocalStorage(ctx.storage)) {
    removed += await ctx.storage.removeParts(new Date(now.getTime() - UNFINISHED_TTL_MS));
  }
  return removed;
}

/** The tus server of the uploads, its parts in `directory` (created here). */
function uploadServer(ctx: AppContext, directory: string): Server {
  fs.mkdirSync(directory, { recursive: true });
  // An upload left unfinished for a day is given up: its part is removed by the sweep.
  const datastore = new FileStore({
    directory,
    expirationPeriodInMilliseconds: UNFINISHED_TTL_MS,
  });
  const tus = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    // Stryker disable next-line BooleanLiteral: tus reads forwarded headers only to build an absolute Location, and it is relative here
    respectForwardedHeaders: false,
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(req, upload) {
      const id = Number(upload.metadata?.video_id);
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !(await getVideo(ctx.db, id))) {
        refuse(422, NO_VIDEO);
      }
      // Another teacher's video is answered as one that does not exist (ADR 048).
      const actor = await actorFrom(ctx, req);
      const scope = await scopeOfAccount(ctx.db, actor.id!, actor.groupId);
      if (!(await isInScope(ctx.db, scope, 'video', id))) refuse(422, NO_VIDEO);
      return {};
    },
    async onUploadFinish(req, upload) {
      const actor = await actorFrom(ctx, req);
      const file = path.join(directory, upload.id);
      const type = await fileTypeFromBuffer(await firstBytes(file, 4100));
      if (!type || !VIDEO_TYPES.has(type.mime)) {
        await datastore.remove(upload.id);
        refuse(422, 'نوع الملف غير مسموح، ارفع فيديو بصيغة MP4');
      }
      const id = Number(upload.metadata!.video_id);
      const before = await ctx.db
        .selectFrom('videos')
        .select('source_path')
        .where('id', '=', id)
        .executeTakeFirst();
      // Removed while its file was on the way: nothing is stored for it.
      if (!before) {
        await datastore.remove(upload.id);
        refuse(422, NO_VIDEO);
      }
      const key = `videos/${id}-${randomBytes(6).toString('hex')}.mp4`;
      await ctx.storage.write('private', key, fs.createReadStream(file), {
        contentType: 'video/mp4',
      });
      const duration = await mp4DurationSeconds(file);
      await datastore.remove(upload.id);
      await setVideoFile(ctx.db, actor, id, key, duration);
      // Its HLS ladder is made in the background; the MP4 plays until then (ADR 055).
      await requestTranscode(ctx, id, key, duration);
      // A file the staff API uploaded earlier goes; the seed's shared sample stays.
      if (before.source_path?.startsWith('videos/')) {
        await ctx.storage.remove('private', before.source_path);
      }
      return {};
    },
  });

  return tus;
}
