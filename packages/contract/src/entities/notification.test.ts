import { describe, expect, it } from 'vitest';
import { notificationSchema } from './notification';

const base = {
  id: '9b1f0c1e-0000-4000-8000-000000000001',
  type: 'admin_message',
  read: false,
  created_at: '2024-05-01T09:30:00.000Z',
};

describe('notificationSchema', () => {
  it('reads a notification with an internal link', () => {
    const n = notificationSchema.parse({
      ...base,
      data: { type: 'recharge', title: 'شحن', content: 'تم شحن رصيدك', to: '/wallet' },
    });
    expect(n.data).toEqual({
      type: 'recharge',
      title: 'شحن',
      content: 'تم شحن رصيدك',
      to: '/wallet',
    });
  });

  it('reads an unknown kind from a newer server as default instead of failing', () => {
    const n = notificationSchema.parse({
      ...base,
      data: { type: 'brand_new_kind', title: 't', content: 'c', to: null },
    });
    expect(n.data.type).toBe('default');
  });

  it('drops a link that would leave the site', () => {
    for (const to of ['https://evil.example', '//evil.example/x', 'javascript:alert(1)']) {
      const n = notificationSchema.parse({
        ...base,
        data: { type: 'default', title: 't', content: 'c', to },
      });
      expect(n.data.to).toBeNull();
    }
  });

  it('needs a zoned ISO time', () => {
    const data = { type: 'default', title: 't', content: 'c', to: null };
    expect(
      notificationSchema.safeParse({ ...base, data, created_at: '2024-05-01 09:30' }).success,
    ).toBe(false);
  });
});
