import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useZodCompilers, type ZodTypeProvider } from './zod';

const courseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  note: z.string().optional(),
});
const replySchema = z.object({
  data: z.array(courseSchema),
  links: z.object({ next: z.string().nullable() }),
});

/** A row as a careless query might read it: columns the reply must never carry. */
const leaky = {
  data: [
    {
      id: 1,
      name: 'الفيزياء',
      image_url: null,
      search_text: 'الفيزياء',
      teachers: [{ id: 2, name: 'أ. منى', password_hash: '$argon2id$…' }],
    },
  ],
  links: { next: null, secret: 'x' },
  extra: true,
};

async function appWith(
  checkReplies: boolean,
  handler: () => unknown,
  schema: z.ZodType = replySchema,
) {
  const app = Fastify();
  useZodCompilers(app, { checkReplies });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/x', { schema: { response: { 200: schema } } }, async () => handler() as never);
  await app.ready();
  return app;
}

describe('useZodCompilers replies', () => {
  for (const checkReplies of [true, false]) {
    it(`write only the keys the schema declares, at every depth (checkReplies ${checkReplies})`, async () => {
      const app = await appWith(checkReplies, () => leaky);
      const res = await app.inject('/x');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [{ id: 1, name: 'الفيزياء', image_url: null, teachers: [{ id: 2, name: 'أ. منى' }] }],
        links: { next: null },
      });
      expect(res.body).not.toMatch(/search_text|password_hash|secret|extra/);
    });
  }

  it('writes the same JSON as zod would for a reply that follows the schema', async () => {
    const body = {
      data: [
        { id: 1, name: 'أ "ب" \\ ج', image_url: '/storage/a.svg', teachers: [], note: 'ملاحظة' },
        { id: 2, name: '', image_url: null, teachers: [{ id: 3, name: 'د' }] },
      ],
      links: { next: '/api/v1/courses?page=2&after=abc' },
    };
    const app = await appWith(false, () => body);
    expect((await app.inject('/x')).body).toBe(JSON.stringify(replySchema.parse(body)));
  });

  it('refuses, in tests and development, a reply that drifts from the contract', async () => {
    const drifted = {
      data: [{ id: 'one', name: 'x', image_url: null, teachers: [] }],
      links: { next: null },
    };
    expect((await (await appWith(true, () => drifted)).inject('/x')).statusCode).toBe(500);
  });

  it('still strips with zod when a reply schema has no JSON Schema form', async () => {
    const withTransform = z.object({
      at: z.date().transform((d) => d.toISOString()),
      name: z.string(),
    });
    const app = await appWith(
      false,
      () => ({ at: new Date(0), name: 'س', hidden: 1 }),
      withTransform,
    );
    expect((await app.inject('/x')).json()).toEqual({ at: '1970-01-01T00:00:00.000Z', name: 'س' });
  });
});
