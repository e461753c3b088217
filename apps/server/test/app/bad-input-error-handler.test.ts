import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../src/lib/app-error';
import { registerErrorHandler } from '../../src/plugins/error-handler';
import { useZodCompilers } from '../../src/plugins/zod';
import { captureLog, errorLines } from '../captured-log';

/**
 * The error handler alone, on a bare Fastify, for what the real routes cannot easily produce:
 * an English message from our own code, a value the database refuses, a fault of ours.
 */

let app: FastifyInstance;
let log: string[];

async function appThrowing(error: unknown) {
  app = Fastify({ logger: { level: 'warn' } });
  log = captureLog(app);
  useZodCompilers(app);
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  app.post(
    '/strict',
    { schema: { body: z.object({ n: z.number({ error: 'Need n' }) }) } },
    () => ({}),
  );
  await app.ready();
  return app.inject({ method: 'GET', url: '/boom' });
}
afterEach(() => app?.close());

describe('the error handler', () => {
  it('replaces an English message of a known error by its code’s Arabic text', async () => {
    const res = await appThrowing(
      new AppError('VALIDATION_FAILED', 'Something broke', { name: ['Name is required'] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'البيانات المُدخلة غير صحيحة',
      code: 'VALIDATION_FAILED',
      errors: { name: ['البيانات المُدخلة غير صحيحة'] },
    });
  });

  it('keeps an Arabic message as it is, digits and all', async () => {
    const res = await appThrowing(
      new AppError('LESS_THAN_MIN_AMOUNT', 'أقل مبلغ للشحن هو 50 جنيه'),
    );
    expect(res.json().message).toBe('أقل مبلغ للشحن هو 50 جنيه');
  });

  it('answers a schema’s own English message in Arabic', async () => {
    await appThrowing(new Error('unused'));
    const res = await app.inject({ method: 'POST', url: '/strict', payload: { n: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ n: ['البيانات المُدخلة غير صحيحة'] });
  });

  it('answers a value the database refused with 422, logged as a warning without a stack', async () => {
    const refused = Object.assign(
      new Error('value "2147483648" is out of range for type integer'),
      {
        code: '22003',
        severity: 'ERROR',
      },
    );
    const res = await appThrowing(refused);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'البيانات المُدخلة غير صحيحة',
      code: 'VALIDATION_FAILED',
    });
    expect(errorLines(log)).toEqual([]);
    expect(errorLines(log, 40)).toHaveLength(1);
  });

  it('keeps a fault of ours a 500 with an Arabic message, its stack in the log only', async () => {
    const res = await appThrowing(new TypeError('Cannot read properties of undefined'));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'حدث خطأ غير متوقع، حاول مرة أخرى',
      code: 'SERVER_ERROR',
    });
    expect(res.body).not.toContain('Cannot read');
    expect(errorLines(log)).toHaveLength(1);
  });

  it('does not take a unique violation or a SQLite error for a refused value', async () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' });
    expect((await appThrowing(unique)).statusCode).toBe(500);
    await app.close();
    const sqlite = Object.assign(new Error('datatype mismatch'), { code: 'SQLITE_MISMATCH' });
    expect((await appThrowing(sqlite)).statusCode).toBe(500);
  });
});
