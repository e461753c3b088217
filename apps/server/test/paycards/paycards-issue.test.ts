import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPaycardCode } from '../../src/modules/paycards/paycard-code';
import { issuePaycards } from '../../src/modules/paycards/issue-paycards';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

describe('issuing pay cards', () => {
  it('stores the hashes of new, distinct codes with their value in piasters', async () => {
    const codes = await issuePaycards(server.db, { value: 100, count: 25, expiresInDays: 30 });
    expect(new Set(codes).size).toBe(25);
    const rows = await server.db.selectFrom('paycards').selectAll().execute();
    expect(rows).toHaveLength(25);
    expect(
      rows.every((r) => r.value === 10_000 && r.used_by === null && r.expires_at !== null),
    ).toBe(true);
    expect(rows.map((r) => r.code_hash).sort()).toEqual(codes.map(hashPaycardCode).sort());
    // Staff find a card by the last four characters printed on it.
    expect(rows.map((r) => r.code_hint).sort()).toEqual(
      codes.map((c) => c.replace(/ /g, '').slice(-4)).sort(),
    );
  });

  it('refuses a bad value or count and issues nothing', async () => {
    const before = (await server.db.selectFrom('paycards').select('id').execute()).length;
    await expect(issuePaycards(server.db, { value: 0, count: 1 })).rejects.toThrow(/value/);
    await expect(issuePaycards(server.db, { value: 10.005, count: 1 })).rejects.toThrow(/value/);
    // As typed on the command line: three decimals, not a number, a sign, beyond the maximum.
    for (const value of ['10.005', 'abc', '', '-5', '1e3', '1000000.01']) {
      await expect(issuePaycards(server.db, { value, count: 1 }), value).rejects.toThrow(/value/);
    }
    await expect(issuePaycards(server.db, { value: 10, count: 0 })).rejects.toThrow(/count/);
    await expect(issuePaycards(server.db, { value: 10, count: 10_001 })).rejects.toThrow(/count/);
    await expect(issuePaycards(server.db, { value: 10, count: 1.5 })).rejects.toThrow(/count/);
    expect((await server.db.selectFrom('paycards').select('id').execute()).length).toBe(before);
  });
});
