import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  staffListResponse,
  staffMarkingItemSchema,
  staffMarkResponseSchema,
  staffMobilePaymentSchema,
} from '@dars/contract';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { makeStudent, type TestStudent } from '../factories/students';
import { examClient, PNG } from '../exams/exam-client';
import { startMobileWalletServer, type WalletClient } from '../wallet/wallet-client';
import { makeStaff } from './staff-factory';

/**
 * Recharge review and marking through the staff API (issue 13): leaders and admins decide,
 * the student is credited once and told, the result is recomputed, every decision audited.
 */

let server: TestServer;
let w: WalletClient;
let leader: TestStudent;
let admin: TestStudent;

beforeAll(async () => {
  ({ server, w } = await startMobileWalletServer());
  leader = await makeStaff(server.db, 'leader', { name: 'قائد المراجعة' });
  admin = await makeStaff(server.db, 'admin', { name: 'مدير المراجعة' });
}, 120_000);
afterAll(() => server?.close());

function staffCall(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function pendingRequest(student: TestStudent, amount: number, message?: string) {
  const res = await w.mobileWallet(
    student.token,
    { amount: String(amount), payer_number: '01112345678', ...(message ? { message } : {}) },
    { bytes: PNG, type: 'image/png' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (await w.mobilePayments(student.userId)).at(-1)!.id;
}

async function auditRows(resource: string, id: number) {
  return server.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('resource', '=', resource)
    .where('resource_id', '=', String(id))
    .execute();
}

const paymentList = staffListResponse(staffMobilePaymentSchema);

describe('recharge review', () => {
  it('lists requests by status with the student, payer number and message, and pages', async () => {
    const student = await makeStudent(server.db, { name: 'سلمى عادل' });
    const first = await pendingRequest(student, 30, 'حولت من محفظة أخي');
    const second = await pendingRequest(student, 40);
    const res = await staffCall(leader.token, 'GET', '/mobile-payments?status=pending&q=سلمى');
    expect(res.statusCode, res.body).toBe(200);
    const body = paymentList.parse(res.json());
    expect(body.meta.total).toBe(2);
    expect(body.data).toMatchObject([
      {
        id: first,
        amount: 30,
        payer_number: '01112345678',
        message: 'حولت من محفظة أخي',
        status: 'pending',
        student: { id: student.userId, name: 'سلمى عادل' },
        reviewed_by: null,
        receipt_url: `/api/v1/staff/mobile-payments/${first}/receipt`,
      },
      { id: second, amount: 40, message: null },
    ]);
    const page2 = paymentList.parse(
      (await staffCall(leader.token, 'GET', '/mobile-payments?q=سلمى&per_page=1&page=2')).json(),
    );
    expect(page2.data.map((p) => p.id)).toEqual([second]);
    expect(page2.meta.total).toBe(2);
    // Decided requests leave the pending list and show under their status.
    await staffCall(leader.token, 'POST', `/mobile-payments/${first}/approve`);
    const pending = paymentList.parse(
      (await staffCall(leader.token, 'GET', '/mobile-payments?status=pending&q=سلمى')).json(),
    );
    expect(pending.data.map((p) => p.id)).toEqual([second]);
    const approved = paymentList.parse(
      (await staffCall(leader.token, 'GET', '/mobile-payments?status=approved&q=سلمى')).json(),
    );
    expect(approved.data.map((p) => p.id)).toEqual([first]);
  });

  it('streams the receipt image to staff only', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, 25);
    const res = await staffCall(leader.token, 'GET', `/mobile-payments/${id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const own = await staffCall(student.token, 'GET', `/mobile-payments/${id}/receipt`);
    expect(own.statusCode).toBe(403);
    const guest = await server.app.inject({
      method: 'GET',
      url: `/api/v1/staff/mobile-payments/${id}/receipt`,
      headers: WEB_HEADERS,
    });
    expect(guest.statusCode).toBe(401);
    expect(
      (await staffCall(admin.token, 'GET', '/mobile-payments/999999/receipt')).statusCode,
    ).toBe(404);
  });

  it('approves: credited once with its notification, audited; a second decision is 409', async () => {
    const student = await makeStudent(server.db, { balance: 5 });
    const id = await pendingRequest(student, 75.5);
    const res = await staffCall(leader.token, 'POST', `/mobile-payments/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const item = staffMobilePaymentSchema.parse(res.json().data);
    expect(item).toMatchObject({
      status: 'approved',
      reviewed_by: { id: leader.userId, name: 'قائد المراجعة' },
    });
    expect(item.transaction_serial).toBeTruthy();
    expect(await w.balance(student.userId)).toBe(8_050);
    expect(await w.ledgerSum(student.userId)).toBe(8_050);
    expect(await w.notifications(student.userId)).toHaveLength(1);
    const [row, ...more] = await auditRows('mobile-payments', id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ user_id: leader.userId, action: 'approve' });
    expect(JSON.parse(row!.before!)).toMatchObject({ status: 'pending', reviewed_by: null });
    expect(JSON.parse(row!.after!)).toMatchObject({ status: 'approved', amount: 75.5 });

    for (const again of [
      staffCall(admin.token, 'POST', `/mobile-payments/${id}/approve`),
      staffCall(admin.token, 'POST', `/mobile-payments/${id}/reject`, { reason: 'متأخر' }),
    ]) {
      const r = await again;
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('تمت مراجعة طلب الشحن هذا من قبل');
    }
    expect(await w.balance(student.userId)).toBe(8_050);
    expect(await auditRows('mobile-payments', id)).toHaveLength(1);
    expect(
      (await staffCall(admin.token, 'POST', '/mobile-payments/999999/approve')).statusCode,
    ).toBe(404);
  });

  it('two staff approving at once credit once, with one audit row', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, 60);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        staffCall(i % 2 ? leader.token : admin.token, 'POST', `/mobile-payments/${id}/approve`),
      ),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await w.balance(student.userId)).toBe(6_000);
    expect(await w.ledger(student.userId)).toHaveLength(1);
    expect(await w.notifications(student.userId)).toHaveLength(1);
    expect(await auditRows('mobile-payments', id)).toHaveLength(1);
  });

  it('rejects with a reason the student reads, crediting nothing; a blank reason is 422', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, 50);
    const blank = await staffCall(leader.token, 'POST', `/mobile-payments/${id}/reject`, {
      reason: '  ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reason[0]).toMatch(/[\u0600-\u06FF]/);
    const res = await staffCall(leader.token, 'POST', `/mobile-payments/${id}/reject`, {
      reason: 'لم يصل التحويل',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', reject_reason: 'لم يصل التحويل' });
    expect(await w.balance(student.userId)).toBe(0);
    const notes = await w.notifications(student.userId);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data.content).toContain('لم يصل التحويل');
    const [row] = await auditRows('mobile-payments', id);
    expect(row).toMatchObject({ action: 'reject', user_id: leader.userId });
  });
});

const markingList = staffListResponse(staffMarkingItemSchema);

async function submittedEssay(options: { image?: boolean } = {}) {
  const exam = await makeExam(server.db, {
    imagesAnswers: options.image ?? false,
    questions: [{ type: 'essay', mark: 4 }],
  });
  const q = exam.questions[0]!;
  const student = await makeStudent(server.db, { name: 'كريم فؤاد' });
  const api = examClient(server.app, student.token);
  const token = await api.tokenFor(exam.id);
  /** The student's own link to the image, from the exam screen's answer. */
  let imageLink: string | null = null;
  if (options.image) {
    const res = await api.imageAnswer(
      { session_token: token, question_id: String(q.id), answer_text: 'انظر الصورة', seq: '1' },
      { bytes: PNG, type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(200);
    imageLink = (res.json() as { answer_attempts: { answer_image: string | null }[] })
      .answer_attempts[0]!.answer_image;
  } else {
    expect(
      (await api.answer(token, [{ question_id: q.id, answer_text: 'نص الإجابة' }])).statusCode,
    ).toBe(200);
  }
  const answerId = (
    await server.db
      .selectFrom('answer_attempts')
      .innerJoin('exam_sessions', 'exam_sessions.id', 'answer_attempts.session_id')
      .select('answer_attempts.id')
      .where('exam_sessions.user_id', '=', student.userId)
      .executeTakeFirstOrThrow()
  ).id;
  return { exam, q, student, api, token, answerId, imageLink };
}

describe('marking essay answers', () => {
  it('lists only submitted, uncorrected essay answers of the exam, with the question and the image link', async () => {
    const running = await submittedEssay();
    const done = await submittedEssay({ image: true });
    await done.api.submit(done.token);
    const res = await staffCall(leader.token, 'GET', `/marking?exam_id=${done.exam.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = markingList.parse(res.json());
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: done.answerId,
      exam: { id: done.exam.id },
      student: { id: done.student.userId, name: 'كريم فؤاد' },
      question: { id: done.q.id, mark: 4 },
      answer_text: 'انظر الصورة',
      mark: null,
    });
    const image = await server.app.inject({ method: 'GET', url: body.data[0]!.image_url! });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // A session still running is not in the queue.
    const other = markingList.parse(
      (await staffCall(leader.token, 'GET', `/marking?exam_id=${running.exam.id}`)).json(),
    );
    expect(other.data).toEqual([]);
    expect(
      (await staffCall(leader.token, 'POST', `/marking/${running.answerId}`, { mark: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it("still opens a blocked student's answer image for marking, while the student's own link is refused", async () => {
    const done = await submittedEssay({ image: true });
    const ownLink = done.imageLink!;
    expect((await server.app.inject({ method: 'GET', url: ownLink })).statusCode).toBe(200);
    await done.api.submit(done.token);
    const blocked = await staffCall(admin.token, 'POST', `/students/${done.student.userId}/block`, {
      reason: 'غش',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const marking = markingList.parse(
      (await staffCall(leader.token, 'GET', `/marking?exam_id=${done.exam.id}`)).json(),
    );
    const forStaff = await server.app.inject({ method: 'GET', url: marking.data[0]!.image_url! });
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.rawPayload.equals(PNG)).toBe(true);
    const forStudent = await server.app.inject({ method: 'GET', url: ownLink });
    expect(forStudent.statusCode).toBe(403);
    expect(forStudent.json().message).toBe('تم إيقاف حسابك، تواصل مع الدعم لمعرفة التفاصيل');
  });

  it('marks within 0..the question mark: the result updates, the student is told, it is audited and leaves the queue', async () => {
    const { exam, student, api, token, answerId } = await submittedEssay();
    await api.submit(token);
    for (const mark of [4.5, -1]) {
      const bad = await staffCall(leader.token, 'POST', `/marking/${answerId}`, { mark });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.mark[0]).toMatch(/^[^A-Za-z]*[\u0600-\u06FF][^A-Za-z]*$/);
    }
    expect(await auditRows('marking', answerId)).toHaveLength(0);
    const res = await staffCall(admin.token, 'POST', `/marking/${answerId}`, {
      mark: 3,
      comment: 'أحسنت',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = staffMarkResponseSchema.parse(res.json());
    expect(body.data).toMatchObject({
      mark: 3,
      comment: 'أحسنت',
      result: { correction_mark: 3, total_mark: 4, corrected: true },
    });
    const session = await server.db
      .selectFrom('exam_sessions')
      .selectAll()
      .where('user_id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ correction_mark: 3, corrected: 1 });
    const notes = await w.notifications(student.userId);
    expect(notes.map((n) => n.type)).toContain('exam_marked');
    const [row] = await auditRows('marking', answerId);
    expect(row).toMatchObject({ action: 'mark', user_id: admin.userId });
    expect(JSON.parse(row!.before!)).toMatchObject({ mark: null });
    expect(JSON.parse(row!.after!)).toMatchObject({ mark: 3, comment: 'أحسنت' });
    const queue = markingList.parse(
      (await staffCall(leader.token, 'GET', `/marking?exam_id=${exam.id}`)).json(),
    );
    expect(queue.data).toEqual([]);
  });
});
