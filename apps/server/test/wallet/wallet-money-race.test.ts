import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPiasters } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makePaycard } from '../factories/paycards';
import { makeStudent, type TestStudent } from '../factories/students';
import { startWalletServer, type WalletClient } from './wallet-client';

let server: TestServer;
let w: WalletClient;
beforeAll(async () => ({ server, w } = await startWalletServer()));
afterAll(() => server.close());

/** A small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const STUDENTS = 10;
const OPERATIONS = 200;
const FEE = 1.25;
const START = 60;

type Outcome = {
  kind: 'transfer' | 'purchase' | 'card';
  status: number;
  code?: string;
  piasters: number;
};

describe('wallet money under concurrency', () => {
  it(`${OPERATIONS} concurrent transfers, purchases and card recharges among ${STUDENTS} students create and lose nothing`, async () => {
    // A fixed draw by default; WALLET_RACE_SEED=n tries another one.
    const seed = Number(process.env.WALLET_RACE_SEED ?? 20_261_123);
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    await putSettings(server.db, {
      enable_wallet_system: true,
      enable_wallet_transfers: true,
      transfer_fees: FEE,
      recharge_info: {
        min_recharge_amount: 10,
        supported_methods: ['recharge_card'],
        mobile_wallet_number: null,
      },
    });
    const students: TestStudent[] = [];
    for (let i = 0; i < STUDENTS; i++)
      students.push(await makeStudent(server.db, { balance: START }));
    const addresses = await Promise.all(students.map((s) => w.addressOf(s.userId)));
    const course = await makeCourse(server, {
      payType: 'lectures',
      lectures: Array.from({ length: 12 }, (_, i) => ({ price: 5 + i * 2.5 })),
    });
    // 30 cards for 200 operations: about one card attempt in six meets a card already used.
    const cards: { code: string; value: number }[] = [];
    for (let i = 0; i < 30; i++) {
      // Whole piasters over 100: 10 + 15.51 would be 25.509999999999998, not an amount.
      const value = (1_000 + Math.round(next() * 4_000)) / 100;
      cards.push({ code: await makePaycard(server.db, { value }), value });
    }
    const before = await totalBalance(students);

    const operations = Array.from({ length: OPERATIONS }, (): (() => Promise<Outcome>) => {
      const who = pick(students);
      const roll = next();
      if (roll < 0.5) {
        let to = pick(addresses);
        if (to === addresses[students.indexOf(who)])
          to = addresses[(students.indexOf(who) + 1) % STUDENTS]!;
        const amount = Math.max(0.5, Math.round(next() * 3_000) / 100);
        return async () => {
          const res = await w.transfer(who.token, amount, to);
          return {
            kind: 'transfer',
            status: res.statusCode,
            code: res.json().code,
            piasters: toPiasters(amount),
          };
        };
      }
      if (roll < 0.75) {
        const lecture = pick(course.lectures);
        return async () => {
          const res = await server.app.inject({
            method: 'POST',
            url: `/api/v1/lectures/${lecture.id}/purchase`,
            payload: { pay_by: 'wallet' },
            headers: { ...WEB_HEADERS, authorization: `Bearer ${who.token}` },
          });
          return {
            kind: 'purchase',
            status: res.statusCode,
            code: res.json().code,
            piasters: lecture.price,
          };
        };
      }
      const card = pick(cards);
      return async () => {
        const res = await w.rechargeCard(who.token, card.code);
        return {
          kind: 'card',
          status: res.statusCode,
          code: res.json().code,
          piasters: toPiasters(card.value),
        };
      };
    });
    const outcomes = await Promise.all(operations.map((run) => run()));

    const refusals = outcomes.filter((o) => o.status !== 200);
    const expectedCodes = [
      'NO_ENOUGH_BALANCE',
      'BALANCE_NOT_ENOUGH',
      'ALREADY_PURCHASED',
      'USED_PAYCARD',
    ];
    for (const o of refusals)
      expect(expectedCodes, `seed ${seed}: ${o.kind} ${o.status} ${o.code}`).toContain(o.code);
    const ok = (kind: Outcome['kind']) =>
      outcomes.filter((o) => o.kind === kind && o.status === 200);
    const recharged = ok('card').reduce((sum, o) => sum + o.piasters, 0);
    const spent = ok('purchase').reduce((sum, o) => sum + o.piasters, 0);
    const fees = ok('transfer').length * toPiasters(FEE);
    // The race happened: some of each went through and some were refused.
    for (const kind of ['transfer', 'purchase', 'card'] as const)
      expect(ok(kind).length, kind).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);

    expect(await totalBalance(students), `seed ${seed}`).toBe(before + recharged - spent - fees);
    for (const s of students) {
      const balance = await w.balance(s.userId);
      expect(balance).toBeGreaterThanOrEqual(0);
      const ledger = await w.ledger(s.userId);
      expect(
        ledger.reduce((sum, row) => sum + row.value, 0),
        `seed ${seed}`,
      ).toBe(balance);
      // Each row's balance_after follows from the one before it.
      let running = 0;
      for (const row of ledger) {
        running += row.value;
        expect(row.balance_after).toBe(running);
      }
    }
    // Each card credited at most once, and only the ones a reply said were credited.
    const used = await server.db
      .selectFrom('paycards')
      .select('used_by')
      .where('used_by', 'is not', null)
      .execute();
    expect(used).toHaveLength(ok('card').length);
    const legs = await server.db
      .selectFrom('wallet_transactions')
      .select(['value'])
      .where('type', '=', 'balance_transfer')
      .where('value', '>', 0)
      .execute();
    expect(legs).toHaveLength(ok('transfer').length);
    expect(legs.reduce((sum, l) => sum + l.value, 0)).toBe(
      ok('transfer').reduce((sum, o) => sum + o.piasters, 0),
    );
  });
});

async function totalBalance(students: TestStudent[]): Promise<number> {
  let total = 0;
  for (const s of students) total += await w.balance(s.userId);
  return total;
}
