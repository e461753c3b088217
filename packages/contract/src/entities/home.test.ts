import { describe, expect, it } from 'vitest';
import { headerImageSchema } from './home';

describe('headerImageSchema', () => {
  it('takes an external http(s) link or an internal route', () => {
    expect(headerImageSchema.parse({ url: '/img/1.jpg', href: 'https://example.com' }).href).toBe(
      'https://example.com',
    );
    expect(headerImageSchema.parse({ url: '/img/1.jpg', to: '/courses/3' }).to).toBe('/courses/3');
    expect(headerImageSchema.parse({ url: '/img/1.jpg' })).toEqual({ url: '/img/1.jpg' });
  });

  it('refuses a script link', () => {
    expect(
      headerImageSchema.safeParse({ url: '/img/1.jpg', href: 'javascript:alert(1)' }).success,
    ).toBe(false);
  });
});
