import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionOptionOrder } from './option-order';

const options = [47, 48, 49, 50, 51, 52].map((id) => ({ id }));
const orderFor = (key: string, questionId = 9) =>
  sessionOptionOrder(key, questionId, options)
    .map((o) => o.id)
    .join(',');

describe('sessionOptionOrder', () => {
  it('is the same for the same session, and keeps every option', () => {
    const key = randomBytes(32).toString('base64url');
    expect(orderFor(key)).toBe(orderFor(key));
    expect(
      sessionOptionOrder(key, 9, options)
        .map((o) => o.id)
        .sort(),
    ).toEqual([47, 48, 49, 50, 51, 52]);
  });

  it('draws from all 720 orders: 300 sessions see many of them, each option first about as often', () => {
    const orders = new Set<string>();
    const first = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const order = sessionOptionOrder(randomBytes(32).toString('base64url'), 9, options);
      orders.add(order.map((o) => o.id).join(','));
      first.set(order[0]!.id, (first.get(order[0]!.id) ?? 0) + 1);
    }
    // Uniform draws: about 245 distinct orders of 300 are expected; FNV-1a alone gave about 30.
    expect(orders.size).toBeGreaterThan(200);
    for (const option of options) expect(first.get(option.id) ?? 0).toBeGreaterThan(20);
  });

  it('gives two sessions the same order of a question rarely, as chance would (1 in 720)', () => {
    let same = 0;
    for (let i = 0; i < 500; i++) {
      const a = randomBytes(32).toString('base64url');
      const b = randomBytes(32).toString('base64url');
      if ([1, 2, 3, 4].every((q) => orderFor(a, q) === orderFor(b, q))) same += 1;
    }
    expect(same).toBe(0);
  });
});
