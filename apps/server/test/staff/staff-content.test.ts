import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * What staff do through the staff API (ADR 022), on a seeded school: sign-in, content with
 * its validation, leaders kept off prices, refusals that protect students' data, the audit
 * log, and what students see afterwards.
 */

let server: TestServer;
let admin: { token: string; userId: number };
let leader: { token: string; userId: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = await makeStaff(server.db, 'admin', { name: 'المدير الأول' });
  leader = await makeStaff(server.db, 'leader');
}, 120_000);
afterAll(() => server?.close());

function api(method: string, url: string, token?: string, payload?: unknown) {
  return server.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function auditRows(resource: string, id: number | string) {
  const res = await api('GET', `/staff/audit-log?resource=${resource}&q=${id}`, admin.token);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    action: string;
    staff_user_id: number;
    staff_user_name: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

describe('staff sign-in', () => {
  it('signs in the demo admin, leader and teacher with their roles, and refuses a student', async () => {
    for (const [email, role] of [
      ['admin@dars.test', 'admin'],
      ['leader@dars.test', 'leader'],
      ['teacher@dars.test', 'teacher'],
    ] as const) {
      const res = await api('POST', '/staff/login', undefined, { email, password: 'dars12345' });
      expect(res.statusCode, email).toBe(200);
      const { token, user } = res.json().data;
      expect(user).toMatchObject({ email, role });
      const me = await api('GET', '/staff/me', token);
      expect(me.json().data).toMatchObject({ email, role });
      expect((await api('POST', '/staff/logout', token)).statusCode).toBe(200);
      expect((await api('GET', '/staff/me', token)).statusCode).toBe(401);
    }
    const student = await api('POST', '/staff/login', undefined, {
      email: 'student@dars.test',
      password: 'dars12345',
    });
    expect(student.statusCode).toBe(403);
    expect(student.json().message).toBe('هذا الحساب ليس من حسابات فريق العمل');
    const wrong = await api('POST', '/staff/login', undefined, {
      email: 'admin@dars.test',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('courses and lectures', () => {
  it('refuses bad input with 422 and Arabic messages per field, writing nothing', async () => {
    const before = (await api('GET', '/staff/courses?per_page=1', admin.token)).json().meta.total;
    const res = await api('POST', '/staff/courses', admin.token, {
      name: '   ',
      pay_type: 'monthly',
      price: 10.555,
      grade_ids: [999_999],
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name[0]).toBe('هذا الحقل مطلوب');
    expect(errors.pay_type[0]).toMatch(/[\u0600-\u06FF]/);
    expect(errors.price[0]).toBe('المبلغ يقبل رقمين عشريين على الأكثر');
    const missingGrade = await api('POST', '/staff/courses', admin.token, {
      name: 'دورة',
      pay_type: 'course',
      grade_ids: [999_999],
    });
    expect(missingGrade.statusCode).toBe(422);
    expect(missingGrade.json().errors.grade_ids[0]).toBe('اختر الصف الدراسي');
    const after = (await api('GET', '/staff/courses?per_page=1', admin.token)).json().meta.total;
    expect(after).toBe(before);
  });

  it('creates a course that guests find at once, with its grades, teachers and price', async () => {
    const guestBefore = await api('GET', '/courses?query=الفلك');
    expect(guestBefore.json().data).toEqual([]);
    const [grade] = (await api('GET', '/staff/grades', admin.token)).json().data;
    const [teacher] = (await api('GET', '/staff/teachers', admin.token)).json().data;
    const res = await api('POST', '/staff/courses', admin.token, {
      name: 'علم الفلك للمبتدئين',
      description: 'النجوم والكواكب',
      pay_type: 'course',
      price: 149.5,
      featured: true,
      users_limit: 30,
      grade_ids: [grade.id],
      teacher_ids: [teacher.id],
    });
    expect(res.statusCode).toBe(200);
    const course = res.json().data;
    expect(course).toMatchObject({
      price: 149.5,
      free: false,
      featured: true,
      users_limit: 30,
      grade_ids: [grade.id],
      teacher_ids: [teacher.id],
    });
    // The guest answer was cached under the old catalogue version: it must not be served.
    const guestAfter = await api('GET', '/courses?query=الفلك');
    expect(guestAfter.json().data.map((c: { id: number }) => c.id)).toEqual([course.id]);
    const page = (await api('GET', `/courses/${course.id}`)).json().data;
    expect(page).toMatchObject({ price: 149.5, featured: true, name: 'علم الفلك للمبتدئين' });
    expect(page.teachers.map((t: { id: number }) => t.id)).toEqual([teacher.id]);

    const [row] = await auditRows('courses', course.id);
    expect(row).toMatchObject({ action: 'create', staff_user_id: admin.userId, before: null });
    expect(row!.staff_user_name).toBe('المدير الأول');
    expect(row!.after).toMatchObject({ name: 'علم الفلك للمبتدئين', price: 149.5 });
  });

  it('keeps leaders off prices but lets them edit content', async () => {
    const course = (
      await api('POST', '/staff/courses', admin.token, {
        name: 'دورة الأسعار',
        pay_type: 'lectures',
        price: 100,
      })
    ).json().data;
    const lecture = (
      await api('POST', '/staff/lectures', admin.token, {
        course_id: course.id,
        name: 'محاضرة مدفوعة',
        price: 40,
        repurchasable: true,
        repurchase_price: 20,
      })
    ).json().data;

    for (const [url, body] of [
      [`/staff/courses/${course.id}`, { price: 1 }],
      [`/staff/courses/${course.id}`, { name: 'اسم جديد', price: 0 }],
      [`/staff/lectures/${lecture.id}`, { price: 0 }],
      [`/staff/lectures/${lecture.id}`, { repurchase_price: null }],
      [`/staff/lectures/${lecture.id}`, { free: true }],
    ] as const) {
      const res = await api('PATCH', url, leader.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe('تعديل الأسعار متاح للمدير فقط');
    }
    const priced = await api('POST', '/staff/courses', leader.token, {
      name: 'دورة',
      pay_type: 'course',
      price: 50,
    });
    expect(priced.statusCode).toBe(403);
    // Nothing changed, and the refused name change was not half-written.
    const now = (await api('GET', `/staff/courses/${course.id}`, leader.token)).json().data;
    expect(now).toMatchObject({ name: 'دورة الأسعار', price: 100 });
    const lec = (await api('GET', `/staff/lectures/${lecture.id}`, leader.token)).json().data;
    expect(lec).toMatchObject({ price: 40, repurchase_price: 20, free: false });

    // The same price sent back, and content fields, are a leader's to change.
    const ok = await api('PATCH', `/staff/courses/${course.id}`, leader.token, {
      name: 'دورة الأسعار المعدلة',
      price: 100,
      show_preview: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'دورة الأسعار المعدلة', show_preview: true });
    const lectureOk = await api('PATCH', `/staff/lectures/${lecture.id}`, leader.token, {
      name: 'محاضرة معدلة',
      expiry_days: 14,
      paycard_disabled: true,
    });
    expect(lectureOk.json().data).toMatchObject({ expiry_days: 14, paycard_disabled: true });
    const [update] = await auditRows('lectures', lecture.id);
    expect(update).toMatchObject({ action: 'update', staff_user_id: leader.userId });
    expect(update!.before).toMatchObject({ name: 'محاضرة مدفوعة', expiry_days: null });
    expect(update!.after).toMatchObject({ name: 'محاضرة معدلة', expiry_days: 14 });
  });

  it('reorders a course’s lectures, refusing a list that is not the whole course', async () => {
    const course = (
      await api('POST', '/staff/courses', admin.token, { name: 'ترتيب', pay_type: 'lectures' })
    ).json().data;
    const ids: number[] = [];
    for (const name of ['الأولى', 'الثانية', 'الثالثة']) {
      const res = await api('POST', '/staff/lectures', leader.token, {
        course_id: course.id,
        name,
      });
      ids.push(res.json().data.id);
    }
    const bad = await api('POST', `/staff/courses/${course.id}/lectures/order`, leader.token, {
      ids: [ids[0], ids[1]],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.ids[0]).toBe('يجب أن تحتوي القائمة على كل محاضرات الدورة مرة واحدة');
    const res = await api('POST', `/staff/courses/${course.id}/lectures/order`, leader.token, {
      ids: [ids[2], ids[0], ids[1]],
    });
    expect(res.statusCode).toBe(200);
    const page = (await api('GET', `/courses/${course.id}`)).json().data;
    expect(page.lectures.map((l: { id: number }) => l.id)).toEqual([ids[2], ids[0], ids[1]]);
    // The audit row names the course whose lectures moved, and both orders (issue 23).
    const log = (await api('GET', '/staff/audit-log?action=reorder', admin.token)).json();
    const reorder = log.data.find((r: { resource_id: string }) => r.resource_id === `${course.id}`);
    expect(reorder).toMatchObject({
      staff_user_id: leader.userId,
      action: 'reorder',
      resource: 'courses',
      resource_id: `${course.id}`,
      resource_name: 'ترتيب',
      resource_exists: true,
      before: { name: 'ترتيب', lecture_ids: ids },
      after: { name: 'ترتيب', lecture_ids: [ids[2], ids[0], ids[1]] },
    });
  });

  it('refuses to delete a course students joined (409) and deletes an unused one', async () => {
    const student = await makeStudent(server.db);
    const course = (
      await api('POST', '/staff/courses', admin.token, { name: 'مجانية', pay_type: 'lectures' })
    ).json().data;
    expect((await api('POST', `/courses/${course.id}/join`, student.token)).statusCode).toBe(200);
    const refused = await api('DELETE', `/staff/courses/${course.id}`, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('لا يمكن حذف دورة لها طلاب مشتركون أو مشتريات');
    expect((await api('GET', `/courses/${course.id}`)).statusCode).toBe(200);

    const unused = (
      await api('POST', '/staff/courses', admin.token, { name: 'للحذف', pay_type: 'course' })
    ).json().data;
    const res = await api('DELETE', `/staff/courses/${unused.id}`, leader.token);
    expect(res.json()).toEqual({ data: { id: unused.id } });
    expect((await api('GET', `/courses/${unused.id}`)).statusCode).toBe(404);
    const [row] = await auditRows('courses', unused.id);
    expect(row).toMatchObject({ action: 'delete', after: null });
    expect(row!.before).toMatchObject({ name: 'للحذف' });
  });
});

describe('exams', () => {
  it('builds an exam with one question of each type and attaches it as must-pass', async () => {
    const exam = (
      await api('POST', '/staff/exams', leader.token, {
        name: 'امتحان الوحدة',
        exam_code: 'UNIT-1',
        duration_minutes: 20,
        show_detailed_result: true,
      })
    ).json().data;
    const taken = await api('POST', '/staff/exams', leader.token, {
      name: 'آخر',
      exam_code: 'UNIT-1',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.exam_code[0]).toBe('كود الامتحان مستخدم في امتحان آخر');

    const noCorrect = await api('POST', '/staff/questions', leader.token, {
      exam_id: exam.id,
      type: 'choices',
      text: 'س',
      answers: [
        { text: 'أ', correct: false },
        { text: 'ب', correct: false },
      ],
    });
    expect(noCorrect.statusCode).toBe(422);
    expect(noCorrect.json().errors.answers[0]).toBe('اختر إجابة صحيحة واحدة على الأقل');

    const questions = [
      {
        type: 'choices',
        text: 'ناتج ٢ + ٢',
        mark: 2,
        answers: [
          { text: '٣', correct: false },
          { text: '٤', correct: true },
        ],
      },
      { type: 'truefalse', text: 'الأرض تدور حول الشمس', correct_true: true },
      { type: 'essay', text: 'اشرح دورة الماء', mark: 5, answer_explain_text: 'تبخر ثم تكاثف' },
    ];
    for (const q of questions) {
      const res = await api('POST', '/staff/questions', leader.token, { exam_id: exam.id, ...q });
      expect(res.statusCode, q.type).toBe(200);
    }
    const list = (await api('GET', `/staff/questions?exam_id=${exam.id}`, leader.token)).json();
    expect(list.meta.total).toBe(3);
    expect(list.data.map((q: { type: string }) => q.type)).toEqual([
      'choices',
      'truefalse',
      'essay',
    ]);
    expect(list.data[1].answers).toMatchObject([
      { text: 'صواب', correct: true },
      { text: 'خطأ', correct: false },
    ]);
    const summary = (await api('GET', `/staff/exams/${exam.id}`, leader.token)).json().data;
    expect(summary).toMatchObject({ questions_count: 3, total_mark: 8, sessions_count: 0 });

    const course = (
      await api('POST', '/staff/courses', admin.token, { name: 'بها امتحان', pay_type: 'lectures' })
    ).json().data;
    const lecture = (
      await api('POST', '/staff/lectures', admin.token, {
        course_id: course.id,
        name: 'محاضرة',
        free: true,
      })
    ).json().data;
    const self = await api('POST', '/staff/lecture-exams', leader.token, {
      lecture_id: lecture.id,
      exam_id: exam.id,
      alternative_exam_id: exam.id,
    });
    expect(self.statusCode).toBe(422);
    const link = await api('POST', '/staff/lecture-exams', leader.token, {
      lecture_id: lecture.id,
      exam_id: exam.id,
      must_pass: true,
    });
    expect(link.statusCode).toBe(200);
    const student = await makeStudent(server.db);
    await api('POST', `/courses/${course.id}/join`, student.token);
    await api('POST', `/lectures/${lecture.id}/purchase`, student.token, { pay_by: 'wallet' });
    const contents = await api('GET', `/lectures/${lecture.id}/contents`, student.token);
    expect(contents.statusCode).toBe(200);
    expect(contents.json().exams).toMatchObject([
      { id: exam.id, exam_code: 'UNIT-1', must_pass: true, questions_count: 3 },
    ]);
  });

  it('refuses changes to marking once students have started an exam, never changing their marks', async () => {
    const exam = (
      await api('POST', '/staff/exams', admin.token, {
        name: 'امتحان عام',
        exam_code: 'TAKEN-1',
        is_general: true,
      })
    ).json().data;
    const question = (
      await api('POST', '/staff/questions', admin.token, {
        exam_id: exam.id,
        type: 'choices',
        text: 'سؤال',
        answers: [
          { text: 'صحيح', correct: true },
          { text: 'خطأ', correct: false },
        ],
      })
    ).json().data;
    const student = await makeStudent(server.db);
    const token = (await api('POST', '/exams/session', student.token, { exam_id: exam.id })).json()
      .data.token;
    const correct = question.answers.find((a: { correct: boolean }) => a.correct).id;
    const submitted = await api('POST', '/exams/session/submit', student.token, {
      session_token: token,
      answers: [{ question_id: question.id, chosen_answer: correct }],
    });
    expect(submitted.statusCode).toBe(200);
    const markBefore = submitted.json().result.correction_mark;
    expect(markBefore).toBe(1);

    for (const body of [
      { mark: 5 },
      {
        answers: [
          { text: 'صحيح', correct: false },
          { text: 'خطأ', correct: true },
        ],
      },
      { type: 'essay' },
    ]) {
      const res = await api('PATCH', `/staff/questions/${question.id}`, admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toBe(
        'لا يمكن تعديل أسئلة امتحان بدأه طلاب؛ أنشئ نسخة جديدة من الامتحان',
      );
    }
    expect(
      (
        await api('POST', '/staff/questions', admin.token, {
          exam_id: exam.id,
          type: 'essay',
          text: 'جديد',
        })
      ).statusCode,
    ).toBe(409);
    expect((await api('DELETE', `/staff/questions/${question.id}`, admin.token)).statusCode).toBe(
      409,
    );
    expect((await api('DELETE', `/staff/exams/${exam.id}`, admin.token)).statusCode).toBe(409);
    // A typo in the wording may still be fixed.
    const typo = await api('PATCH', `/staff/questions/${question.id}`, admin.token, {
      text: 'سؤال مصحح',
    });
    expect(typo.statusCode).toBe(200);
    const session = await api('GET', `/exams/session?session_token=${token}`, student.token);
    expect(session.json().result.correction_mark).toBe(markBefore);
  });
});

describe('settings and the audit log', () => {
  it('lets an admin switch maintenance on, which GET /app answers at once', async () => {
    const bad = await api('PATCH', '/staff/settings', admin.token, {
      play_store_url: 'javascript:alert(1)',
      android_stable_version: 'latest',
      transfer_fees: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.play_store_url[0]).toBe('أدخل رابطاً كاملاً صحيحاً لموقع ويب');
    expect(bad.json().errors.android_stable_version[0]).toBe('أدخل رقم إصدار مثل 1.0.2');
    expect(bad.json().errors.transfer_fees).toBeDefined();

    const res = await api('PATCH', '/staff/settings', admin.token, {
      appIsDown: true,
      general_announcement: 'صيانة الليلة',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ appIsDown: true });
    const app = (await api('GET', '/app')).json().data;
    expect(app).toMatchObject({ appIsDown: true, general_announcement: 'صيانة الليلة' });
    const [row] = (await api('GET', '/staff/audit-log?resource=settings', admin.token)).json().data;
    expect(row.before).toEqual({ appIsDown: false, general_announcement: expect.anything() });
    expect(row.after).toEqual({ appIsDown: true, general_announcement: 'صيانة الليلة' });
    await api('PATCH', '/staff/settings', admin.token, { appIsDown: false });
    expect(
      (await api('PATCH', '/staff/settings', leader.token, { appIsDown: true })).statusCode,
    ).toBe(403);
    expect((await api('GET', '/app')).json().data.appIsDown).toBe(false);
  });

  it('filters the audit log by staff member, resource and time', async () => {
    const start = new Date().toISOString();
    const grade = (await api('POST', '/staff/grades', leader.token, { name: 'صف للتدقيق' })).json()
      .data;
    await api('PATCH', `/staff/grades/${grade.id}`, admin.token, { name: 'صف مدقق' });
    const byLeader = (
      await api(
        'GET',
        `/staff/audit-log?staff_user_id=${leader.userId}&resource=grades&from=${start}`,
        admin.token,
      )
    ).json();
    expect(byLeader.data.map((r: { action: string }) => r.action)).toEqual(['create']);
    const all = (
      await api('GET', `/staff/audit-log?resource=grades&from=${start}`, admin.token)
    ).json();
    expect(all.meta.total).toBe(2);
    expect(all.data.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    const future = (
      await api('GET', `/staff/audit-log?resource=grades&from=2999-01-01T00:00:00Z`, admin.token)
    ).json();
    expect(future.meta.total).toBe(0);
  });
});

describe('staff accounts (admins only)', () => {
  it('makes, changes and removes staff, ending their sessions, and keeps one admin', async () => {
    const made = await api('POST', '/staff/accounts', admin.token, {
      name: 'مشرفة جديدة',
      email: 'New.Leader@dars.test',
      phone: '01233333333',
      role: 'leader',
      password: 'leader-pass-1',
    });
    expect(made.statusCode).toBe(200);
    const account = made.json().data;
    expect(account).toMatchObject({ email: 'new.leader@dars.test', role: 'leader' });
    const taken = await api('POST', '/staff/accounts', admin.token, {
      name: 'مكرر',
      email: 'new.leader@dars.test',
      phone: '01244444444',
      role: 'leader',
      password: 'leader-pass-1',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email[0]).toBe('البريد الإلكتروني مستخدم بالفعل');

    const login = await api('POST', '/staff/login', undefined, {
      email: 'new.leader@dars.test',
      password: 'leader-pass-1',
    });
    const token = login.json().data.token;
    expect(login.json().data.user.role).toBe('leader');
    expect((await api('GET', '/staff/settings', token)).statusCode).toBe(403);

    // A new role ends the sessions it had; the new one has the new role's rights.
    await api('PATCH', `/staff/accounts/${account.id}`, admin.token, { role: 'admin' });
    expect((await api('GET', '/staff/me', token)).statusCode).toBe(401);
    const again = await api('POST', '/staff/login', undefined, {
      email: 'new.leader@dars.test',
      password: 'leader-pass-1',
    });
    expect((await api('GET', '/staff/settings', again.json().data.token)).statusCode).toBe(200);

    // Removed: the account stays a users row but is no longer staff.
    await api('DELETE', `/staff/accounts/${account.id}`, admin.token);
    expect((await api('GET', '/staff/me', again.json().data.token)).statusCode).toBe(401);
    const refused = await api('POST', '/staff/login', undefined, {
      email: 'new.leader@dars.test',
      password: 'leader-pass-1',
    });
    expect(refused.statusCode).toBe(403);

    // Every other admin removed, the last one cannot remove or demote itself.
    const admins = (await api('GET', '/staff/accounts?role=admin&per_page=100', admin.token)).json()
      .data as { id: number }[];
    for (const other of admins.filter((a) => a.id !== admin.userId)) {
      expect((await api('DELETE', `/staff/accounts/${other.id}`, admin.token)).statusCode).toBe(
        200,
      );
    }
    const last = await api('DELETE', `/staff/accounts/${admin.userId}`, admin.token);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('لا يمكن إزالة آخر مدير');
    const demote = await api('PATCH', `/staff/accounts/${admin.userId}`, admin.token, {
      role: 'leader',
    });
    expect(demote.statusCode).toBe(409);
    expect((await api('GET', '/staff/me', admin.token)).json().data.role).toBe('admin');
  });
});
