import type { FastifyBaseLogger } from 'fastify';

/** Work that runs after the answer has gone (mail), tracked so shutdown and tests can wait. */
export interface Background {
  /** Starts `task` without waiting for it; a failure is logged, never thrown at the caller. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished. */
  settle(): Promise<void>;
}

/**
 * Keeps slow or revealing work off the request path: e.g. the password-reset mail, so the
 * answer takes as long for an unknown address as for a registered one.
 * @example ctx.background.run('reset mail', () => sendPasswordResetCode(db, mailer, user))
 */
export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const job = Promise.resolve()
        .then(task)
        .catch((err: unknown) => log.error({ err }, `background task failed: ${name}`))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async settle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
