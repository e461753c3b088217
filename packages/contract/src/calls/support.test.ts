import { describe, expect, it } from 'vitest';
import { createSupportTicketBodySchema, guestSupportTicketBodySchema } from './support';

const EMPTY = 'لا يمكنك ترك حقل فارغاً';

describe('support ticket bodies', () => {
  it('needs a non-blank title and content', () => {
    const result = createSupportTicketBodySchema.safeParse({ title: ' ', content: '' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['title', EMPTY],
      ['content', EMPTY],
    ]);
  });

  it('lets a signed-in student leave out name, email and phone', () => {
    expect(
      createSupportTicketBodySchema.parse({ title: 'مشكلة', content: 'لا يعمل الفيديو' }),
    ).toEqual({
      title: 'مشكلة',
      content: 'لا يعمل الفيديو',
    });
  });

  it('requires name, email and phone of a guest, in Arabic', () => {
    const result = guestSupportTicketBodySchema.safeParse({ title: 'مشكلة', content: 'نص' });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ name: EMPTY, email: EMPTY, phone: EMPTY });
  });

  it('accepts a complete guest ticket', () => {
    expect(
      guestSupportTicketBodySchema.parse({
        title: 'مشكلة',
        content: 'نص',
        name: 'سارة',
        email: 'Sara@Example.com',
        phone: '+20 100 000 0000',
      }).email,
    ).toBe('sara@example.com');
  });
});
