import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EXAM_CODES } from '../../src/db/seed/demo-exams';
import { DEMO_PAYCARDS } from '../../src/db/seed/demo-paycards';
import { DEMO_STUDENTS } from '../../src/db/seed/demo-students';
import { seedDemoIfEmpty } from '../../src/db/seed/seed';
import { verifyPassword } from '../../src/lib/passwords';
import { publicFileUrl } from '../../src/lib/public-url';
import { hashPaycardCode } from '../../src/modules/paycards/paycard-code';
import { makeStudent } from '../factories/students';
import { examClient } from '../exams/exam-client';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { tokenFor } from '../sign-in';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the demo seed', () => {
  it('has a rich catalogue: teachers with pictures, every kind of course and lecture', async () => {
    const { db } = server;
    const teachers = await db.selectFrom('teachers').selectAll().execute();
    expect(teachers.length).toBeGreaterThanOrEqual(4);
    expect(teachers.every((t) => t.avatar_path && t.banner_path)).toBe(true);
    const courses = await db.selectFrom('courses').selectAll().execute();
    expect(courses.length).toBeGreaterThanOrEqual(16);
    expect(courses.some((c) => c.pay_type === 'course' && c.price === 0)).toBe(true);
    expect(courses.some((c) => c.pay_type === 'course' && c.price > 0)).toBe(true);
    expect(courses.some((c) => c.pay_type === 'lectures')).toBe(true);
    const lectures = await db.selectFrom('lectures').selectAll().execute();
    expect(lectures.some((l) => l.free === 1)).toBe(true);
    expect(lectures.some((l) => l.preview === 1 && l.price > 0)).toBe(true);
    expect(lectures.some((l) => l.preview === 0 && l.price > 0)).toBe(true);
    for (const table of [
      'videos',
      'attachments',
      'lecture_exams',
      'questions',
      'answer_options',
      'grades',
      'categories',
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBeGreaterThan(3);
    }
  });

  it('shows different courses under «أحدث الدورات» and «دورات مميزة» on the demo home', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/home',
      headers: {
        ...WEB_HEADERS,
        authorization: `Bearer ${(await tokenFor(server.db, 'student@dars.test')).token}`,
      },
    });
    expect(res.statusCode).toBe(200);
    const { featured_courses: featured, latest_courses: latest } = res.json().data as {
      featured_courses: { id: number }[];
      latest_courses: { id: number }[];
    };
    expect(latest.length).toBeGreaterThan(2);
    const featuredIds = new Set(featured.map((c) => c.id));
    // The page shows the first 4 of each section at first: they must not be the same cards.
    const firstLatestAlsoFeatured = latest.slice(0, 4).filter((c) => featuredIds.has(c.id));
    expect(firstLatestAlsoFeatured.length).toBeLessThanOrEqual(1);
  });

  it('creates the demo students with working passwords and a balance that equals the ledger', async () => {
    const { db } = server;
    for (const s of DEMO_STUDENTS) {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', s.email)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(user.password_hash, 'dars12345')).toBe(true);
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user.balance).toBe(s.balance * 100);
      const ledger = await db
        .selectFrom('wallet_transactions')
        .select('value')
        .where('user_id', '=', user.id)
        .execute();
      expect(ledger.reduce((sum, t) => sum + t.value, 0)).toBe(user.balance);
    }
  });

  it('stores pay cards hashed, never in plain text', async () => {
    const cards = await server.db.selectFrom('paycards').selectAll().execute();
    expect(cards).toHaveLength(DEMO_PAYCARDS.length);
    const stored = JSON.stringify(cards);
    for (const card of DEMO_PAYCARDS) {
      expect(stored).not.toContain(card.code.replace(/\s/g, ''));
      expect(cards.some((c) => c.code_hash === hashPaycardCode(card.code))).toBe(true);
    }
  });

  it('puts every pay card in a batch of cards alike, so the staff console lists them', async () => {
    const cards = await server.db.selectFrom('paycards').selectAll().execute();
    const batches = await server.db.selectFrom('paycard_batches').selectAll().execute();
    // Three valid cards of 100 share a batch, and the course's two of 350 (one spent last
    // month); the expired 100, the 500 and the spent 200 have one each.
    expect(batches.map((b) => b.count).sort()).toEqual([1, 1, 1, 2, 3]);
    for (const batch of batches) {
      const own = cards.filter((c) => c.batch_id === batch.id);
      expect(own).toHaveLength(batch.count);
      for (const card of own) {
        expect(card).toMatchObject({
          value: batch.value,
          course_id: batch.course_id,
          expires_at: batch.expires_at,
        });
      }
    }
    expect(cards.filter((c) => c.batch_id === null)).toHaveLength(0);
  });

  it('signs the demo teacher in to their own three physics courses, beside other teachers’ (ADR 048)', async () => {
    const { token } = await tokenFor(server.db, 'teacher@dars.test');
    const list = async (bearer: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/v1/staff/courses?per_page=100',
        headers: { ...WEB_HEADERS, authorization: `Bearer ${bearer}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { name: string }[]; meta: { total: number } };
    };
    const mine = await list(token);
    expect(mine.data.map((c) => c.name).sort()).toEqual(
      [
        'الفيزياء الحديثة — الصف الثالث الثانوي',
        'الفيزياء للصف الأول الثانوي',
        'مراجعة ليلة الامتحان — فيزياء',
      ].sort(),
    );
    expect(mine.meta.total).toBe(3);
    const all = await list((await tokenFor(server.db, 'admin@dars.test')).token);
    expect(all.meta.total).toBeGreaterThan(3);
  });

  it('gives the demo teacher a statement with sales this month and the last (ADR 048)', async () => {
    const { db } = server;
    // The seed's clock: the demo admin was made 90 days before it (demo-staff.ts).
    const admin = await db
      .selectFrom('users')
      .select('created_at')
      .where('email', '=', 'admin@dars.test')
      .executeTakeFirstOrThrow();
    const seededAt = Date.parse(admin.created_at) + 90 * 86_400_000;
    const cairoMonth = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Africa/Cairo',
        year: 'numeric',
        month: '2-digit',
      })
        .format(new Date(ms))
        .slice(0, 7);
    const thisMonth = cairoMonth(seededAt);
    const lastMonth = cairoMonth(Date.parse(`${thisMonth}-15T12:00:00Z`) - 30 * 86_400_000);

    const { token } = await tokenFor(db, 'teacher@dars.test');
    const { teacher_id: mine } = await db
      .selectFrom('teacher_logins')
      .innerJoin('users', 'users.id', 'teacher_logins.user_id')
      .select('teacher_logins.teacher_id')
      .where('users.email', '=', 'teacher@dars.test')
      .executeTakeFirstOrThrow();
    const statement = async (bearer: string, teacher: number, month: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/staff/teachers/${teacher}/statement?month=${month}`,
        headers: { ...WEB_HEADERS, authorization: `Bearer ${bearer}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        lines: { course: { name: string } }[];
        totals: { count: number; amount: number; share: number };
      };
    };
    // This month «مراجعة ليلة الامتحان» (99) sold twice, to مريم by wallet and to أحمد for cash
    // at the centre: at 60 %, 59.40 of each, 118.80 in all.
    const now = await statement(token, mine, thisMonth);
    expect(now.lines).toEqual([
      expect.objectContaining({
        course: expect.objectContaining({ name: 'مراجعة ليلة الامتحان — فيزياء' }),
        lecture: null,
        method: 'wallet',
        count: 1,
        amount: 99,
        share_percent: 60,
        share: 59.4,
      }),
      expect.objectContaining({
        course: expect.objectContaining({ name: 'مراجعة ليلة الامتحان — فيزياء' }),
        lecture: null,
        method: 'cash',
        count: 1,
        amount: 99,
        share_percent: 60,
        share: 59.4,
      }),
    ]);
    expect(now.totals).toMatchObject({ count: 2, amount: 198, share: 118.8 });
    // Last month مريم spent a card of 350 on «الفيزياء الحديثة»: 210 of it is his.
    const before = await statement(token, mine, lastMonth);
    expect(before.lines).toEqual([
      expect.objectContaining({
        course: expect.objectContaining({ name: 'الفيزياء الحديثة — الصف الثالث الثانوي' }),
        lecture: null,
        method: 'paycard',
        count: 1,
        amount: 350,
        share_percent: 60,
        share: 210,
      }),
    ]);
    expect(before.totals).toMatchObject({ count: 1, amount: 350, share: 210 });
    // Another teacher's sale, for the admin: أحمد paid 250 for the calculus course in cash last
    // month, half of it أ. أحمد فوزي's.
    const fawzy = await db
      .selectFrom('teachers')
      .select('id')
      .where('name', '=', 'أ. أحمد فوزي')
      .executeTakeFirstOrThrow();
    const adminToken = (await tokenFor(db, 'admin@dars.test')).token;
    const his = await statement(adminToken, fawzy.id, lastMonth);
    expect(his.lines).toEqual([
      expect.objectContaining({
        course: expect.objectContaining({ name: 'التفاضل والتكامل — مراجعة نهائية' }),
        method: 'cash',
        amount: 250,
        share_percent: 50,
        share: 125,
      }),
    ]);

    // مريم's wallet paid as it went: each row's balance the sum so far, never below zero.
    const mariam = await db
      .selectFrom('wallet_transactions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.value', 't.balance_after', 't.type'])
      .where('u.email', '=', 'student2@dars.test')
      .orderBy('t.id')
      .execute();
    expect(mariam.map((t) => [t.type, t.value, t.balance_after])).toEqual([
      ['recharge', 4000, 4000],
      ['lecture_purchase', -4000, 0],
      ['recharge', 9900, 9900],
      ['course_purchase', -9900, 0],
    ]);
    // No course holds more students than its seats.
    const seats = await db
      .selectFrom('courses as c')
      .innerJoin('enrollments as e', 'e.course_id', 'c.id')
      .select(['c.name', 'c.users_limit', (eb) => eb.fn.countAll<number>().as('n')])
      .where('c.users_limit', 'is not', null)
      .groupBy(['c.id', 'c.name', 'c.users_limit'])
      .execute();
    for (const course of seats)
      expect(Number(course.n), course.name).toBeLessThanOrEqual(course.users_limit!);
    expect(seats.map((c) => [c.name, Number(c.n)])).toContainEqual([
      'مراجعة ليلة الامتحان — فيزياء',
      2,
    ]);
  });

  it('leaves a database that already has data alone', async () => {
    expect(await seedDemoIfEmpty(server.db, server.config.dataDir)).toBe(false);
  });
});

describe('the demo exams', () => {
  const DAY = 86_400_000;
  const generalExams = () =>
    server.db.selectFrom('exams').selectAll().where('is_general', '=', 1).execute();

  it('are general exams by code, one per state, with unique codes and no course', async () => {
    const general = await generalExams();
    // Exactly docs/demo.md's codes: no lecture exam is reachable by code from /exams.
    expect(general.map((e) => e.exam_code).sort()).toEqual(Object.values(DEMO_EXAM_CODES).sort());
    expect(general.every((e) => e.course_id === null)).toBe(true);
    const codes = await server.db.selectFrom('exams').select('exam_code').execute();
    expect(new Set(codes.map((e) => e.exam_code.toUpperCase())).size).toBe(codes.length);

    // The seed ran at most a few minutes ago; its windows are days away from it.
    const now = Date.now();
    const exam = Object.fromEntries(general.map((e) => [e.exam_code, e]));
    const of = (key: keyof typeof DEMO_EXAM_CODES) => exam[DEMO_EXAM_CODES[key]]!;
    expect(of('detailed')).toMatchObject({ show_result: 1, show_detailed_result: 1 });
    expect(of('detailed').duration_minutes).toBeGreaterThan(2);
    expect(of('resultOnly')).toMatchObject({ show_result: 1, show_detailed_result: 0 });
    expect(of('hiddenResult')).toMatchObject({ show_result: 0, show_detailed_result: 0 });
    expect(Date.parse(of('notStarted').starts_at!)).toBeGreaterThan(now + DAY);
    expect(Date.parse(of('ended').ends_at!)).toBeLessThan(now - DAY);
    expect(of('open')).toMatchObject({ duration_minutes: null, starts_at: null, ends_at: null });
    expect(of('short').duration_minutes).toBe(2);
    expect(of('essay').enable_images_answers).toBe(1);
    for (const e of general.filter((g) => g !== of('notStarted') && g !== of('ended'))) {
      expect(e.starts_at === null || Date.parse(e.starts_at) < now, e.exam_code).toBe(true);
      expect(e.ends_at === null || Date.parse(e.ends_at) > now, e.exam_code).toBe(true);
    }
  });

  it('answer a student by code as their state says: open, not started yet or ended', async () => {
    const { token } = await tokenFor(server.db, 'student@dars.test');
    const student = examClient(server.app, token);
    const details = async (key: keyof typeof DEMO_EXAM_CODES) =>
      (await student.details(DEMO_EXAM_CODES[key])).json() as {
        code?: string;
        data?: Record<string, unknown>;
      };
    expect(await details('notStarted')).toMatchObject({ code: 'EXAM_NOT_STARTED' });
    expect(await details('ended')).toMatchObject({ code: 'EXAM_ENDED' });
    expect((await details('open')).data).toMatchObject({ duration: null });
    expect((await details('short')).data).toMatchObject({ duration: 2 });
    expect((await details('hiddenResult')).data).toMatchObject({ show_result: false });
    expect((await details('detailed')).data).toMatchObject({ show_detailed_result: true });
    expect((await details('essay')).data).toMatchObject({ enable_images_answers: true });
  });

  it('give the second student 15 minutes more on PHY2026 and no one else (ADR 042)', async () => {
    const durationFor = async (email: string) => {
      const { token } = await tokenFor(server.db, email);
      const res = await examClient(server.app, token).details(DEMO_EXAM_CODES.detailed);
      return (res.json() as { data: { duration: number } }).data.duration;
    };
    expect(await durationFor('student@dars.test')).toBe(30);
    expect(await durationFor('student2@dars.test')).toBe(45);
  });

  it('draw DRAW2026 from its bank: 6 questions worth 8 for each student, not the same ones (ADR 046)', async () => {
    const drawn = async (signedIn: string) => {
      const api = examClient(server.app, signedIn);
      const details = (await api.details(DEMO_EXAM_CODES.drawn)).json() as {
        data: { id: number; questions_count: number };
      };
      // One fixed question, three of one mark and two of two: 6 questions, 1 + 3 + 4 = 8 marks.
      expect(details.data.questions_count).toBe(6);
      const token = await api.tokenFor(details.data.id);
      const res = await api.submit(token);
      const body = res.json() as { result: { total_mark: number }; questions: { id: number }[] };
      expect(body.result.total_mark).toBe(8);
      return body.questions
        .map((q) => q.id)
        .sort((x, y) => x - y)
        .join(',');
    };
    const sets = new Set<string>();
    for (const email of ['student@dars.test', 'student2@dars.test']) {
      sets.add(await drawn((await tokenFor(server.db, email)).token));
    }
    for (let i = 0; i < 2; i++) sets.add(await drawn((await makeStudent(server.db)).token));
    // 56 × 6 sets of drawn questions: four students on one set would be no draw at all.
    expect(sets.size).toBeGreaterThan(1);
    const bank = await server.db
      .selectFrom('question_banks')
      .select(['id', 'name'])
      .executeTakeFirstOrThrow();
    expect(bank.name).toBe('الكهربية التيارية');
    const inBank = await server.db
      .selectFrom('questions')
      .select('id')
      .where('bank_id', '=', bank.id)
      .execute();
    expect(inBank).toHaveLength(12);
  });

  it('allow two attempts at DRAW2026 and give مريم a second at CHEM2026, no one else (ADR 047)', async () => {
    const attempts = async (email: string, code: string) => {
      const { token } = await tokenFor(server.db, email);
      const res = await examClient(server.app, token).details(code);
      return (res.json() as { data: { attempts: unknown } }).data.attempts;
    };
    expect(await attempts('student@dars.test', DEMO_EXAM_CODES.drawn)).toMatchObject({
      allowed: 2,
      rule: 'best',
    });
    // مريم sat CHEM2026 (the integrity record's session); her grant opens a second attempt.
    expect(await attempts('student2@dars.test', DEMO_EXAM_CODES.hiddenResult)).toEqual({
      current: 1,
      allowed: 2,
      rule: 'best',
      can_start: true,
      next_at: null,
    });
    expect(await attempts('student@dars.test', DEMO_EXAM_CODES.hiddenResult)).toMatchObject({
      current: 0,
      allowed: 1,
    });
  });

  it('hold one submitted session with an integrity record, found by the flagged filter (ADR 044)', async () => {
    const { token } = await tokenFor(server.db, 'leader@dars.test');
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/staff/exam-sessions?flagged=true',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as {
      data: {
        student: { name: string };
        exam: { name: string };
        integrity: object;
        finished_at: string | null;
      }[];
    };
    // مريم left the page twice, and opened the exam from a second device at another address.
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      student: { name: 'مريم علي' },
      exam: { name: 'امتحان الكيمياء التجريبي' },
      integrity: { away: 2, other_devices: 1, other_addresses: 1 },
    });
    expect(data[0]!.finished_at).not.toBeNull();
  });

  it('carry figures that exist in public storage and are served, and explanations with links', async () => {
    const questions = await server.db
      .selectFrom('questions')
      .innerJoin('exams', 'exams.id', 'questions.exam_id')
      .select([
        'exams.exam_code',
        'questions.type',
        'questions.image_path',
        'questions.answer_explain_text',
        'questions.answer_explain_image',
      ])
      .execute();
    const essay = questions.filter((q) => q.exam_code === DEMO_EXAM_CODES.essay);
    expect(essay.filter((q) => q.type === 'essay' && q.image_path).length).toBeGreaterThan(1);
    const detailed = questions.filter((q) => q.exam_code === DEMO_EXAM_CODES.detailed);
    expect(detailed.some((q) => q.image_path && q.answer_explain_image)).toBe(true);
    expect(questions.some((q) => /https:\/\/\S+/.test(q.answer_explain_text ?? ''))).toBe(true);

    const figures = new Set(
      questions.flatMap((q) => [q.image_path, q.answer_explain_image]).filter((p) => p !== null),
    );
    expect(figures.size).toBeGreaterThan(3);
    for (const figure of figures) {
      const file = path.join(server.config.dataDir, 'storage', 'public', figure);
      expect(fs.readFileSync(file, 'utf8'), figure).toMatch(/^<svg [^>]*viewBox=/);
      const res = await server.app.inject({ method: 'GET', url: publicFileUrl(figure)! });
      expect(res.statusCode, figure).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it('give every lecture a homework, and the mandatory rules: must take, must pass with an alternative', async () => {
    const { db } = server;
    const lectures = await db.selectFrom('lectures').select(['id', 'course_id']).execute();
    const rules = await db
      .selectFrom('lecture_exams')
      .innerJoin('exams', 'exams.id', 'lecture_exams.exam_id')
      .innerJoin('lectures', 'lectures.id', 'lecture_exams.lecture_id')
      .leftJoin('exams as alternative', 'alternative.id', 'lecture_exams.alternative_exam_id')
      .select([
        'lecture_exams.lecture_id',
        'lecture_exams.must_pass',
        'lecture_exams.must_take',
        'lecture_exams.navigate_to_alternative',
        'exams.kind',
        'exams.is_general',
        'exams.course_id',
        'lectures.course_id as lecture_course_id',
        'alternative.course_id as alternative_course_id',
      ])
      .execute();
    const withHomework = new Set(
      rules.filter((r) => r.kind === 'homework').map((r) => r.lecture_id),
    );
    expect(lectures.filter((l) => !withHomework.has(l.id))).toEqual([]);
    expect(rules.every((r) => r.is_general === 0 && r.course_id === r.lecture_course_id)).toBe(
      true,
    );
    expect(rules.some((r) => r.must_take === 1 && r.kind === 'homework')).toBe(true);
    const mustPass = rules.filter((r) => r.must_pass === 1);
    expect(mustPass.length).toBeGreaterThan(0);
    for (const r of mustPass)
      expect(r).toMatchObject({ navigate_to_alternative: 1, alternative_course_id: r.course_id });
    // Optional homework closes nothing: only the first three lectures of a course are held.
    expect(rules.filter((r) => r.must_take === 1 || r.must_pass === 1).length).toBeLessThan(
      lectures.length,
    );
  });
});
