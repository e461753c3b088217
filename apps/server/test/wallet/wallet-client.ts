import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { getWalletResponseSchema } from '@dars/contract';
import { studentClient } from '../denial-client';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { putSettings } from '../../src/modules/settings/settings-service';

export type ReceiptFile = { bytes: Buffer; type: string; name?: string };

/**
 * A multipart body of text fields and, when given, one file under `fileField`.
 * @example const { payload, contentType } = formBody({}, 'file', { bytes: PNG, type: 'image/png' })
 */
export function formBody(fields: Record<string, string>, fileField: string, file?: ReceiptFile) {
  const boundary = '----dars-wallet-boundary';
  const line = (headers: string) => Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`);
  const parts: Buffer[] = Object.entries(fields).flatMap(([name, value]) => [
    line(`Content-Disposition: form-data; name="${name}"`),
    Buffer.from(`${value}\r\n`),
  ]);
  if (file) {
    parts.push(
      line(
        `Content-Disposition: form-data; name="${fileField}"; filename="${file.name ?? 'receipt.png'}"\r\nContent-Type: ${file.type}`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The wallet calls as a student's client makes them (raw replies), and the facts the tests
 * read back from the database: balances, ledgers, notifications, requests and stored receipts.
 * @example const w = walletClient(server); (await w.transfer(token, 10, address)).json()
 */
export function walletClient(server: TestServer) {
  const { app, db } = server;
  const student = studentClient(server);
  const headers = (token?: string) => ({
    ...WEB_HEADERS,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const post = (url: string, token: string | undefined, payload: object) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers: headers(token), payload });

  return {
    wallet: (token?: string, url = '/api/v1/wallet') =>
      app.inject({ method: 'GET', url, headers: headers(token) }),
    async walletBody(token: string, url?: string) {
      const res = await this.wallet(token, url);
      if (res.statusCode !== 200) throw new Error(`GET /wallet ${res.statusCode} ${res.body}`);
      return getWalletResponseSchema.parse(res.json());
    },
    rechargeCard: (token: string | undefined, code: string) =>
      post('/wallet/recharge/recharge-card', token, { code }),
    transfer: (token: string | undefined, amount: number, walletAddress: string) =>
      post('/wallet/transfer', token, { amount, wallet_address: walletAddress }),
    /** Who receives at `walletAddress`, asked from the network address `from`. */
    lookup: (token: string | undefined, walletAddress: string, from = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/wallet/transfer/lookup',
        headers: headers(token),
        payload: { wallet_address: walletAddress },
        remoteAddress: from,
      }),
    mobileWallet: (
      token: string | undefined,
      fields: Record<string, string>,
      file?: ReceiptFile,
    ) => {
      const body = formBody(fields, 'attachment', file);
      return app.inject({
        method: 'POST',
        url: '/api/v1/wallet/recharge/mobile-wallet',
        headers: { ...headers(token), 'content-type': body.contentType },
        payload: body.payload,
      });
    },

    balance: student.balance,
    ledger: student.ledger,
    /** The sum of the student's ledger, which must always be the balance. */
    async ledgerSum(userId: number): Promise<number> {
      return (await this.ledger(userId)).reduce((sum, row) => sum + row.value, 0);
    },
    async addressOf(userId: number): Promise<string> {
      const row = await db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.wallet_address;
    },
    notifications: async (userId: number) =>
      (
        await db
          .selectFrom('notifications')
          .select(['type', 'data'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((n) => ({ type: n.type, data: JSON.parse(n.data) as Record<string, string> })),
    mobilePayments: (userId: number) =>
      db
        .selectFrom('mobile_payments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    /** Every file under private storage's receipts folder. */
    storedReceipts(): string[] {
      const dir = path.join(server.config.dataDir, 'storage', 'private', 'receipts');
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    },
    /** Makes a staff account of the group (1 admin, 2 leader) out of a student. */
    async makeStaff(userId: number, group: 1 | 2 = 2) {
      await db.updateTable('users').set({ group_id: group }).where('id', '=', userId).execute();
    },
  };
}

export type WalletClient = ReturnType<typeof walletClient>;

/**
 * A server on a fresh unseeded database and its wallet client, for one test file.
 * @example beforeAll(async () => ({ server, w } = await startWalletServer()))
 */
export async function startWalletServer(): Promise<{ server: TestServer; w: WalletClient }> {
  const server = await startTestServer({ seed: false });
  return { server, w: walletClient(server) };
}

/**
 * A wallet server whose settings take mobile-wallet recharges (10 pounds at least, to
 * 01001234567), for the suites that send requests and review them.
 * @example beforeAll(async () => ({ server, w } = await startMobileWalletServer()))
 */
export async function startMobileWalletServer(): Promise<{ server: TestServer; w: WalletClient }> {
  const started = await startWalletServer();
  await putSettings(started.server.db, {
    recharge_info: {
      min_recharge_amount: 10,
      supported_methods: ['mobile_wallets'],
      mobile_wallet_number: '01001234567',
    },
  });
  return started;
}

/** A refusal with the given code (any 4xx). */
export function expectRefusal(res: { statusCode: number; json: () => unknown }, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json()).toMatchObject({ code });
}
