/** An essay's image attached (a file) or removed (null), with the essay's text at that time. */
export interface OutboxImage {
  question_id: number;
  seq: number;
  image: Blob | null;
  answer_text: string;
}

/**
 * Where an essay's image changes wait on the device until the server confirms them (ADR 017:
 * The outbox). One change per question and session: a newer one replaces the older.
 */
export interface ImageChangeStore {
  /** The session's waiting changes, in no particular order; none when the store cannot be read. */
  load(token: string): Promise<OutboxImage[]>;
  /** Keeps a change, replacing the question's older one. */
  save(token: string, change: OutboxImage): Promise<void>;
  /** Forgets a question's change once the server answered it, unless a newer one replaced it. */
  remove(token: string, questionId: number, seq: number): Promise<void>;
  /** Forgets every change of the session (submitted or ended). */
  clear(token: string): Promise<void>;
}

const DB_NAME = 'dars-exam-outbox';
const DB_VERSION = 1;
const STORE = 'image_changes';
const BY_TOKEN = 'by_token';
/**
 * How long opening the database may take before the outbox goes on without it: some browsers
 * have left `indexedDB.open` unanswered, and every send waits for the images to be read back.
 */
const OPEN_TIMEOUT_MS = 3000;

interface StoredChange extends OutboxImage {
  token: string;
}

function isStoredChange(value: unknown): value is StoredChange {
  const v = value as StoredChange | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.question_id === 'number' &&
    typeof v.seq === 'number' &&
    typeof v.answer_text === 'string' &&
    (v.image === null || v.image instanceof Blob)
  );
}

function opened(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('indexedDB.open took too long')),
      OPEN_TIMEOUT_MS,
    );
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, {
        keyPath: ['token', 'question_id'],
      });
      store.createIndex(BY_TOKEN, 'token');
    };
    request.onsuccess = () => {
      clearTimeout(timer);
      const db = request.result;
      // A newer version of the app opening the database must not wait for this page.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(request.error ?? new Error('indexedDB.open failed'));
    };
  });
}

/** Runs `work` in one transaction and resolves once it is written (or read) for good. */
function transaction(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    work(tx.objectStore(STORE));
  });
}

/**
 * The image changes in IndexedDB, which keeps files (local storage's few megabytes do not
 * take a photo): the database `dars-exam-outbox`, one record per session token and question.
 * Without IndexedDB (blocked, or a browser's private mode refusing it) every call does
 * nothing and `load` finds nothing: the outbox then keeps images in memory only, as before.
 * @example const store = indexedDbImageStore(); await store.save(token, change)
 */
export function indexedDbImageStore(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): ImageChangeStore {
  let db: Promise<IDBDatabase | null> | undefined;
  const connection = () =>
    (db ??= factory ? opened(factory).catch(() => null) : Promise.resolve(null));

  /** A write that fails (quota, a closed connection) leaves the change in memory only. */
  const write = async (work: (store: IDBObjectStore) => void) => {
    const database = await connection();
    if (!database) return;
    try {
      await transaction(database, 'readwrite', work);
    } catch {
      // Kept in memory by the outbox all the same.
    }
  };

  return {
    async load(token) {
      const database = await connection();
      if (!database) return [];
      let found: unknown[] = [];
      try {
        await transaction(database, 'readonly', (store) => {
          const request = store.index(BY_TOKEN).getAll(token);
          request.onsuccess = () => (found = request.result);
        });
      } catch {
        return [];
      }
      return found.filter(isStoredChange).map(({ question_id, seq, image, answer_text }) => ({
        question_id,
        seq,
        image,
        answer_text,
      }));
    },
    save: (token, change) =>
      write((store) => {
        store.put({ ...change, token } satisfies StoredChange);
      }),
    remove: (token, questionId, seq) =>
      write((store) => {
        // Read and delete in one transaction: a newer change saved meanwhile stays.
        const request = store.get([token, questionId]);
        request.onsuccess = () => {
          const kept: unknown = request.result;
          if (isStoredChange(kept) && kept.seq <= seq) store.delete([token, questionId]);
        };
      }),
    clear: (token) =>
      write((store) => {
        const request = store.index(BY_TOKEN).getAllKeys(token);
        request.onsuccess = () => {
          for (const key of request.result) store.delete(key);
        };
      }),
  };
}
