import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

/**
 * The OpenAPI document says what the server enforces (issue 23): lengths, formats, minimums and
 * required files, as the server checks them. Every figure is written out here from the spec and
 * the contract's rules (passwords of at least 8 characters, images up to 5 MiB, attachments up
 * to 50 MiB, transfers from 0.5 pounds), not read from the code that builds the document.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  [keyword: string]: unknown;
};
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
};

let server: TestServer;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  paths = res.json().paths;
});
afterAll(() => server?.close());

/** The request body's schema of an operation, sent as `type`. */
function body(method: string, path: string, type = 'application/json'): Schema {
  const content = paths[path]?.[method]?.requestBody?.content;
  expect(Object.keys(content ?? {}), `${method} ${path}`).toEqual([type]);
  return content![type]!.schema;
}

/** The string branch of a nullable property (`anyOf: [string, null]`), or the property. */
function stringOf(schema: Schema): Schema {
  return schema.anyOf?.find((s) => s.type === 'string' && s.const === undefined) ?? schema;
}

const FILE = { type: 'string', format: 'binary', contentEncoding: 'binary' };
const IMAGE = { ...FILE, contentMediaType: 'image/*', maxLength: 5 * 1024 * 1024 };

describe('the OpenAPI document', () => {
  it('gives a new password its 8 to 128 characters wherever one is set', () => {
    for (const [method, path] of [
      ['post', '/profile/password'],
      ['post', '/password/reset/confirm/{token}'],
      ['post', '/register'],
    ]) {
      const password = body(method!, path!).properties!.password!;
      expect(password, path).toMatchObject({ type: 'string', minLength: 8, maxLength: 128 });
    }
  });

  it('says which fields are e-mail addresses, links and times', () => {
    for (const path of ['/register', '/password/reset']) {
      expect(body('post', path).properties!.email).toMatchObject({
        type: 'string',
        format: 'email',
        maxLength: 254,
      });
    }
    const settings = body('patch', '/staff/settings').properties!;
    for (const link of ['play_store_url', 'apple_store_url', 'desktop_app_url'])
      expect(stringOf(settings[link]!), link).toMatchObject({ type: 'string', format: 'uri' });
    expect(stringOf(settings.contact_email!)).toMatchObject({ type: 'string', format: 'email' });
    const teacher = body('post', '/staff/teachers').properties!;
    expect(stringOf(teacher.whatsapp_url!)).toMatchObject({ type: 'string', format: 'uri' });
    const exam = body('post', '/staff/exams').properties!;
    for (const time of ['starts_at', 'ends_at'])
      expect(stringOf(exam[time]!), time).toMatchObject({ type: 'string', format: 'date-time' });
    const batch = body('post', '/staff/paycard-batches').properties!;
    expect(batch.expires_at!.anyOf).toContainEqual(
      expect.objectContaining({ type: 'string', format: 'date-time' }),
    );
  });

  it('gives amounts their minimums', () => {
    expect(body('post', '/wallet/transfer').properties!.amount).toMatchObject({
      type: 'number',
      minimum: 0.5,
      maximum: 1_000_000,
    });
    const receipt = body('post', '/wallet/recharge/mobile-wallet', 'multipart/form-data');
    expect(receipt.properties!.amount).toMatchObject({ exclusiveMinimum: 0, maximum: 1_000_000 });
    expect(body('post', '/staff/paycard-batches').properties!.value).toMatchObject({
      exclusiveMinimum: 0,
      maximum: 1_000_000,
    });
  });

  it('describes every upload as a binary file part, required where the server needs it', () => {
    const uploads: [string, string, Record<string, unknown>, boolean][] = [
      ['/profile/avatar', 'avatar', IMAGE, true],
      ['/wallet/recharge/mobile-wallet', 'attachment', IMAGE, true],
      ['/exams/session/answers/image', 'answer_image', IMAGE, false],
      ['/staff/teachers/{id}/avatar', 'file', IMAGE, true],
      ['/staff/teachers/{id}/banner', 'file', IMAGE, true],
      ['/staff/courses/{id}/image', 'file', IMAGE, true],
      ['/staff/questions/{id}/image', 'file', IMAGE, true],
      ['/staff/questions/{id}/explain-image', 'file', IMAGE, true],
      ['/staff/home/header-images/upload', 'file', IMAGE, true],
      ['/staff/attachments', 'file', { ...FILE, maxLength: 50 * 1024 * 1024 }, true],
    ];
    for (const [path, field, file, required] of uploads) {
      const schema = body('post', path, 'multipart/form-data');
      expect(schema.properties![field], path).toEqual(file);
      expect(schema.required ?? [], path).toEqual(
        required ? expect.arrayContaining([field]) : expect.not.arrayContaining([field]),
      );
    }
    expect(body('post', '/staff/attachments', 'multipart/form-data').required).toEqual([
      'lecture_id',
      'name',
      'file',
    ]);
  });
});
