import { describe, expect, it } from 'vitest';
import { supportReference } from '../entities/support';
import {
  createSupportTicketBodySchema,
  guestSupportTicketBodySchema,
  supportReplyBodySchema,
} from './support';

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

describe('the conversation (ADR 039)', () => {
  it('writes a reference as S- and at least five digits', () => {
    expect(supportReference(42)).toBe('S-00042');
    expect(supportReference(7)).toBe('S-00007');
    expect(supportReference(123456)).toBe('S-123456');
  });

  it('refuses a blank reply in Arabic and trims a good one', () => {
    expect(supportReplyBodySchema.safeParse({ content: '   ' }).error?.issues[0]?.message).toBe(
      EMPTY,
    );
    expect(supportReplyBodySchema.parse({ content: '  شكراً  ' })).toEqual({ content: 'شكراً' });
  });

  it('refuses a reply longer than 5000 characters', () => {
    expect(supportReplyBodySchema.safeParse({ content: 'ب'.repeat(5001) }).success).toBe(false);
    expect(supportReplyBodySchema.safeParse({ content: 'ب'.repeat(5000) }).success).toBe(true);
  });
});
