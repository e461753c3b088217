import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { sql } from 'kysely';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse } from '../factories/courses';
import { multipartForm } from '../factories/uploads';
import { lastMailTo } from '../outbox';
import { makeStaff } from './staff-factory';
import { IMPORT_LINKS_JOB } from '../../src/modules/auth/student-accounts';

/**
 * Students brought in (issue 28, ADR 052): a roster imported from CSV or Excel, each row's
 * problem said in Arabic with its line, duplicates in the file and in the school, a dry run that
 * writes nothing, an import that writes every valid row or none (grants with the cash received,
 * opening balances, one audit row), the export read back; a student added by hand; the
 * set-password link. Expected messages and figures are written here by hand.
 */

let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;
let gradeId: number;
let physics: { id: number };
let chemistry: { id: number };

beforeAll(async () => {
  // The messages' sandbox on: a school with a text channel (ADR 053) sends links by phone too.
  server = await startTestServer({ seed: false, env: { MESSAGES_SANDBOX: 'on' } });
  admin = await makeStaff(server.db, 'admin', { name: 'مدير السنتر' });
  leader = await makeStaff(server.db, 'leader');
  gradeId = (
    await server.db
      .insertInto('grades')
      .values({ name: 'الصف الثالث الثانوي', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  physics = await makeCourse(server, { name: 'فيزياء المراجعة النهائية', price: 300 });
  chemistry = await makeCourse(server, { name: 'كيمياء الباب الأول', price: 200 });
  // Two courses by one name: a row must name one of them by its number.
  await makeCourse(server, { name: 'أحياء' });
  await makeCourse(server, { name: 'أحياء' });
}, 120_000);
afterAll(() => server?.close());

/** `options` as the console's form sends them: '?dry_run=1&skip_invalid=1' style. */
function importFile(
  file: Buffer | string,
  options = '',
  token = admin.token,
  filename = 'roster.csv',
) {
  const flags = [...new URLSearchParams(options.replace(/^\?/, '')).entries()].map(
    ([name, value]) => ({ name, value }),
  );
  const form = multipartForm([
    ...flags,
    { name: 'file', value: Buffer.isBuffer(file) ? file : Buffer.from(file), filename },
  ]);
  return server.app.inject({
    method: 'POST',
    url: `${API_BASE}/staff/students/import`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
}

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token?: string) {
  return server.app.inject({
    method,
    url: `${API_BASE}${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const studentsNamed = (names: string[]) =>
  server.db.selectFrom('users').selectAll().where('name', 'in', names).execute();
const countUsers = async () =>
  Number(
    (
      await server.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a roster with mistakes', () => {
  let taken: TestStudent;
  let file: string;
  beforeAll(async () => {
    taken = await makeStudent(server.db, { phone: '01098765432', email: 'taken@school.test' });
    file = [
      'الاسم,رقم الهاتف,البريد الإلكتروني,الصف,الدورات,المدفوع نقدا (جنيه),الرصيد,هاتف ولي الأمر,ملاحظات',
      'سارة أحمد,01011111111,sara@school.test,الصف الثالث الثانوي,,,,,',
      ',01011111112,,,,,,,بلا اسم',
      'عمر خالد,0101111,,,,,,,',
      'منى سعيد,01011111111,,,,,,,',
      'يوسف علي,01098765432,,,,,,,',
      'هدى محمود,01011111115,not-an-email,,,,,,',
      'كريم حسن,01011111116,SARA@school.test,,,,,,',
      'نور الدين,01011111117,,الصف العاشر,,,,,',
      'ليلى مصطفى,01011111118,,,رياضيات,,,,',
      'أحمد فؤاد,01011111119,,,أحياء,,,,',
      'ريم عادل,01011111120,,,,١٠٠,,,',
      'زياد سمير,01011111121,,,,,خمسون,,',
      'ملك ياسر,01011111122,,,,,,0123,',
      `طالب مسجل,01011111123,${'taken@school.test'},,,,,,`,
    ].join('\n');
  });

  it('says each row problem in Arabic, with its line and column, and writes nothing', async () => {
    const before = await countUsers();
    const res = await importFile(file, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ applied: false, rows: 14, valid: 1, invalid: 13, created: 0 });
    expect(report.ignored_columns).toEqual(['ملاحظات']);
    const said = report.problems.map((p: { row: number; column: string; message: string }) => [
      p.row,
      p.column,
      p.message,
    ]);
    expect(said).toEqual([
      [3, 'الاسم', 'الاسم مطلوب'],
      [
        4,
        'الهاتف',
        'رقم الهاتف غير صحيح: رقم موبايل مصري من 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015',
      ],
      [5, 'الهاتف', 'رقم الهاتف مكرر في الملف (الصف 2)'],
      [6, 'الهاتف', 'يوجد حساب مسجل بهذا الرقم بالفعل'],
      [7, 'البريد الإلكتروني', 'البريد الإلكتروني غير صحيح'],
      [8, 'البريد الإلكتروني', 'البريد الإلكتروني مكرر في الملف (الصف 2)'],
      [9, 'الصف الدراسي', 'الصف الدراسي «الصف العاشر» غير موجود'],
      [10, 'الدورات', 'الدورة «رياضيات» غير موجودة'],
      [11, 'الدورات', 'يوجد أكثر من دورة باسم «أحياء»؛ اكتب رقمها بدلًا من اسمها'],
      [12, 'المدفوع نقدًا', 'المبلغ المدفوع نقدًا يخص الدورات؛ اكتب الدورة في عمود «الدورات»'],
      [13, 'الرصيد', 'المبلغ غير صحيح: رقم بالجنيه لا يقل عن صفر وبقرشين على الأكثر'],
      [14, 'هاتف ولي الأمر', 'هاتف ولي الأمر غير صحيح: رقم موبايل مصري من 11 رقمًا'],
      [15, 'البريد الإلكتروني', 'يوجد حساب مسجل بهذا البريد الإلكتروني بالفعل'],
    ]);
    expect(await countUsers()).toBe(before);
    expect(taken.userId).toBeGreaterThan(0);
  });

  it('imports none of it while any row has a problem', async () => {
    const before = await countUsers();
    const res = await importFile(file);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ applied: false, created: 0, valid: 1 });
    expect(res.json().data.message).toBe(
      'في الملف صفوف بها أخطاء؛ صحّحها وارفع الملف مرة أخرى، أو استورد الصفوف السليمة فقط',
    );
    expect(await countUsers()).toBe(before);
  });

  it('imports only the valid rows when asked to leave the others', async () => {
    const res = await importFile(file, '?skip_invalid=1');
    expect(res.json().data).toMatchObject({ applied: true, created: 1, invalid: 13 });
    const made = await studentsNamed(['سارة أحمد', 'منى سعيد', 'عمر خالد']);
    expect(made.map((u) => [u.name, u.phone, u.email, u.grade_id])).toEqual([
      ['سارة أحمد', '01011111111', 'sara@school.test', gradeId],
    ]);
  });
});

describe('a clean roster', () => {
  it('reads Arabic digits, +20, a lost leading 0, a BOM and semicolons; grants with cash, opening balances', async () => {
    const file =
      '\uFEFF' +
      [
        'اسم الطالب;الموبايل;الإيميل;الصف الدراسي;السنتر;الكورسات;المبلغ المدفوع نقدًا;الرصيد الافتتاحي;رقم ولي الأمر',
        `  مريم   عادل ;+20 ١٠٠ ١٢٣ ٤٥٦٧;Mariam@School.test;الصف الثالث الثانوي;سنتر النور;فيزياء المراجعة النهائية، ${chemistry.id};150;50.5;٠١٢٢٢٣٣٣٤٤٤`,
        'حسن علي;1155556666;;;;;;;',
        'فاطمة الزهراء;0020 115 555 7777;;;;فيزياء المراجعة النهائية;"1,200";"1,250.75";',
      ].join('\r\n');
    const dry = await importFile(file, '?dry_run=true');
    expect(dry.json().data).toMatchObject({
      applied: false,
      rows: 3,
      valid: 3,
      invalid: 0,
      grants: 3,
      cash_total: 1350,
      balance_total: 1301.25,
      message: 'الملف سليم، وعدد الطلاب الجاهزين للاستيراد: 3',
    });
    expect(await studentsNamed(['مريم عادل'])).toEqual([]);

    const res = await importFile(file);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    // A link for each of the three: by text message to all, and by mail to the one with an e-mail.
    expect(report).toMatchObject({
      applied: true,
      created: 3,
      invitations: 3,
      invitations_by_phone: true,
    });
    expect(report.message).toBe('تم الاستيراد، وعدد الطلاب المضافين: 3');

    const made = await studentsNamed(['مريم عادل', 'حسن علي', 'فاطمة الزهراء']);
    const [mariam, hassan, fatima] = ['مريم عادل', 'حسن علي', 'فاطمة الزهراء'].map((name) =>
      made.find((u) => u.name === name),
    );
    expect([mariam!.phone, hassan!.phone, fatima!.phone]).toEqual([
      '01001234567',
      '01155556666',
      '01155557777',
    ]);
    expect(mariam).toMatchObject({
      email: 'mariam@school.test',
      grade_id: gradeId,
      center_name: 'سنتر النور',
      parent_phone: '01222333444',
      balance: 5050,
      import_id: report.import_id,
    });
    expect(hassan).toMatchObject({ email: null, balance: 0, grade_id: null });
    expect(fatima!.balance).toBe(125_075);

    // 150 pounds for two courses: 75 each; 1,200 for one.
    const sales = await server.db
      .selectFrom('enrollments')
      .select(['user_id', 'course_id', 'pay_by', 'price_paid'])
      .where('user_id', 'in', [mariam!.id, fatima!.id])
      .orderBy('user_id')
      .orderBy('course_id')
      .execute();
    expect(sales).toEqual([
      { user_id: mariam!.id, course_id: physics.id, pay_by: 'cash', price_paid: 7_500 },
      { user_id: mariam!.id, course_id: chemistry.id, pay_by: 'cash', price_paid: 7_500 },
      { user_id: fatima!.id, course_id: physics.id, pay_by: 'cash', price_paid: 120_000 },
    ]);
    const ledger = await server.db
      .selectFrom('wallet_transactions')
      .select(['type', 'value', 'comment'])
      .where('user_id', '=', mariam!.id)
      .execute();
    expect(ledger).toEqual([
      { type: 'admin_balance_update', value: 5050, comment: 'رصيد افتتاحي عند إضافة الحساب' },
    ]);

    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('action', '=', 'import')
      .where('resource_id', '=', report.import_id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: admin.userId, resource: 'students' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      file: 'roster.csv',
      created: 3,
      grants: 3,
      cash_total: 1350,
      balance_total: 1301.25,
    });

    // The links go by the durable queue, after the answer: a text message to each phone.
    await server.app.jobs.idle();
    const texts = await server.db
      .selectFrom('messages')
      .select(['recipient_phone', 'recipient', 'template', 'body', 'user_id'])
      .where('user_id', 'in', [mariam!.id, hassan!.id, fatima!.id])
      .orderBy('user_id')
      .execute();
    expect(texts.map((t) => [t.recipient_phone, t.recipient, t.template])).toEqual([
      ['+201001234567', 'student', 'student_invitation'],
      ['+201155556666', 'student', 'student_invitation'],
      ['+201155557777', 'student', 'student_invitation'],
    ]);
    expect(texts[1]!.body).toMatch(/حسن علي[\s\S]*\/welcome#[\w-]{30,}/);
    // The job again (a retry after a crash): nobody gets a second link.
    const links = () =>
      server.db
        .selectFrom('one_time_codes')
        .select('id')
        .where('user_id', 'in', [mariam!.id, hassan!.id, fatima!.id])
        .execute();
    expect(await links()).toHaveLength(3);
    await server.app.jobs.enqueue(IMPORT_LINKS_JOB, {
      importId: report.import_id,
      origin: 'http://localhost',
    });
    await server.app.jobs.idle();
    expect(await links()).toHaveLength(3);
    expect(
      await server.db
        .selectFrom('messages')
        .select('id')
        .where('user_id', 'in', [mariam!.id, hassan!.id, fatima!.id])
        .execute(),
    ).toHaveLength(3);

    // Nobody signs in before setting a password; the mailed link sets it and signs in.
    const login = await call('POST', '/login', { login: '01001234567', password: '!no-password' });
    expect(login.statusCode).toBe(422);
    await expect.poll(() => lastMailTo(server.config.dataDir, 'mariam@school.test')).toBeDefined();
    const mail = lastMailTo(server.config.dataDir, 'mariam@school.test')!;
    const token = mail.text.match(/\/welcome#([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    const check = await call('POST', '/invitation/check', { token });
    expect(check.json().data).toMatchObject({ name: 'مريم عادل', phone: '01001234567' });
    const accepted = await call('POST', '/invitation/accept', {
      token,
      password: 'mariam-pass-1',
      password_confirmation: 'mariam-pass-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user.name).toBe('مريم عادل');
    const me = await call('POST', '/auth/user', undefined, accepted.json().token);
    expect(me.statusCode).toBe(200);
    expect(
      (await call('POST', '/login', { login: '01001234567', password: 'mariam-pass-1' }))
        .statusCode,
    ).toBe(200);
    // Once only.
    const again = await call('POST', '/invitation/accept', {
      token,
      password: 'other-pass-22',
      password_confirmation: 'other-pass-22',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      'الرابط غير صالح أو انتهت صلاحيته؛ اطلب من المدرسة رابطًا جديدًا',
    );
  });

  it('grants a course sold by lectures lecture by lecture, the cash split, each with its expiry', async () => {
    const byLectures = await makeCourse(server, {
      name: 'رياضيات بالمحاضرة',
      payType: 'lectures',
      lectures: [{ price: 50 }, { price: 50, expiryDays: 30 }, { price: 50 }],
    });
    const res = await importFile(
      `الاسم,الهاتف,الدورات,نقدا\nهالة,01244445555,${byLectures.id},100`,
    );
    expect(res.json().data).toMatchObject({ applied: true, created: 1, grants: 1 });
    const [hala] = await studentsNamed(['هالة']);
    const enrolment = await server.db
      .selectFrom('enrollments')
      .select(['pay_by', 'price_paid'])
      .where('user_id', '=', hala!.id)
      .execute();
    expect(enrolment).toEqual([{ pay_by: 'join', price_paid: 0 }]);
    const lectures = await server.db
      .selectFrom('lecture_purchases')
      .select(['lecture_id', 'pay_by', 'price_paid', 'created_at', 'expires_at', 'granted_by'])
      .where('user_id', '=', hala!.id)
      .orderBy('lecture_id')
      .execute();
    // 100 pounds over three lectures: 33.34, 33.33, 33.33.
    expect(lectures.map((l) => [l.lecture_id, l.pay_by, l.price_paid, l.granted_by])).toEqual([
      [byLectures.lectures[0]!.id, 'cash', 3334, admin.userId],
      [byLectures.lectures[1]!.id, 'cash', 3333, admin.userId],
      [byLectures.lectures[2]!.id, 'cash', 3333, admin.userId],
    ]);
    const days = (l: (typeof lectures)[number]) =>
      l.expires_at === null
        ? null
        : Math.round((Date.parse(l.expires_at) - Date.parse(l.created_at)) / 86_400_000);
    expect(lectures.map(days)).toEqual([null, 30, null]);
  });

  it('reads an Excel workbook, where phones are numbers without their leading 0', async () => {
    const xlsx = await writeXlsxFile([
      [{ value: 'الاسم' }, { value: 'الهاتف' }, { value: 'الرصيد' }, { value: 'الدورات' }],
      [
        { value: 'سلمى نبيل' },
        { type: Number, value: 1066667777 },
        { type: Number, value: 20 },
        { type: Number, value: physics.id },
      ],
      [{ value: 'تامر رفعت' }, { value: '01066668888' }, null, null],
    ]).toBuffer();
    const res = await importFile(xlsx, '', admin.token, 'roster.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ applied: true, created: 2, grants: 1 });
    const [salma] = await studentsNamed(['سلمى نبيل']);
    expect(salma).toMatchObject({ phone: '01066667777', balance: 2000 });
  });

  it('reads a CSV saved in the Arabic Windows code page', async () => {
    // «الاسم,الهاتف» then «سامي,01077778888» in Windows-1256, byte by byte.
    const bytes = Buffer.from([
      0xc7,
      0xe1,
      0xc7,
      0xd3,
      0xe3,
      0x2c,
      0xc7,
      0xe1,
      0xe5,
      0xc7,
      0xca,
      0xdd,
      0x0a,
      0xd3,
      0xc7,
      0xe3,
      0xed,
      0x2c,
      ...Buffer.from('01077778888\n'),
    ]);
    const res = await importFile(bytes);
    expect(res.json().data).toMatchObject({ applied: true, created: 1 });
    expect(await studentsNamed(['سامي'])).toHaveLength(1);
  });
});

describe('files that cannot be read', () => {
  it.each([
    ['no name column', 'الهاتف\n01012312312', 'لم نجد عمود «الاسم» في السطر الأول من الملف'],
    ['no phone column', 'الاسم\nعلي', 'لم نجد عمود «الهاتف» في السطر الأول من الملف'],
    ['a header only', 'الاسم,الهاتف\n', 'الملف لا يحوي صفوف طلاب تحت سطر العناوين'],
    [
      'an old .xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]),
      'نوع الملف غير مدعوم: ارفع ملف إكسل حديثًا أو ملف قيم مفصولة بفواصل',
    ],
    [
      'a broken workbook',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      'تعذّرت قراءة الملف؛ احفظه مرة أخرى من إكسل أو من جداول جوجل وارفعه',
    ],
  ])('%s: a 422 on the file, in Arabic', async (_, file, message) => {
    const res = await importFile(file);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([message]);
  });

  it('refuses more than 10,000 rows', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `ط${i},010${String(i).padStart(8, '0')}`);
    const res = await importFile(['الاسم,الهاتف', ...rows].join('\n'), '?dry_run=1');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['الملف أكبر من 10,000 صف؛ قسّمه إلى ملفات أصغر']);
  });
});

describe('all or nothing', () => {
  it('writes no student, grant, balance or audit row when the last write of an import fails', async () => {
    const postgres = server.config.databaseUrl?.startsWith('postgres');
    if (postgres) {
      await sql`create or replace function refuse_import() returns trigger as $$
        begin if new.action = 'import' then raise exception 'refused'; end if; return new; end;
        $$ language plpgsql`.execute(server.db);
      await sql`create trigger refuse_import before insert on staff_audit_log
        for each row execute function refuse_import()`.execute(server.db);
    } else {
      await sql`create trigger refuse_import before insert on staff_audit_log
        when new.action = 'import' begin select raise(abort, 'refused'); end`.execute(server.db);
    }
    try {
      const file = `الاسم,الهاتف,الدورات,المدفوع نقدا,الرصيد\nعادل,01233334444,${physics.id},100,40`;
      const res = await importFile(file);
      expect(res.statusCode).toBe(500);
      expect(await studentsNamed(['عادل'])).toEqual([]);
      const phones = await server.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', '01233334444')
        .execute();
      expect(phones).toEqual([]);
    } finally {
      await sql`drop trigger refuse_import ${postgres ? sql`on staff_audit_log` : sql``}`.execute(
        server.db,
      );
    }
    const res = await importFile(`الاسم,الهاتف\nعادل,01233334444`);
    expect(res.json().data).toMatchObject({ applied: true, created: 1 });
  });
});

describe('who may', () => {
  it('is the admin’s: a leader may not import, add, change or send a link', async () => {
    const student = await makeStudent(server.db);
    expect((await importFile('الاسم,الهاتف\nعلي,01012312399', '', leader.token)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/staff/students', { name: 'علي', phone: '01012312399' }, leader.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/staff/students/${student.userId}`, { name: 'x' }, leader.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/staff/students/${student.userId}/invitation`, undefined, leader.token))
        .statusCode,
    ).toBe(403);
  });
});

describe('a student added by hand', () => {
  it('is created without a password, audited, and mailed a link that a newer one ends', async () => {
    const res = await call(
      'POST',
      '/staff/students',
      {
        name: 'جنى وليد',
        phone: '٠١٥٥٥٥٥١٢٣٤',
        email: 'jana@school.test',
        grade_id: gradeId,
        parent_phone: '01099990000',
      },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      name: 'جنى وليد',
      phone: '01555551234',
      email: 'jana@school.test',
      parent_phone: '01099990000',
      grade: { id: gradeId },
    });
    expect(body.invitation).toMatchObject({ mailed: true });
    expect(body.invitation.url).toMatch(/^http:\/\/[^/]+\/welcome#[\w-]{30,}$/);
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select(['action', 'user_id'])
      .where('resource', '=', 'students')
      .where('resource_id', '=', String(body.data.id))
      .execute();
    expect(audit).toEqual([{ action: 'create', user_id: admin.userId }]);

    const first = body.invitation.url.split('#')[1];
    const second = await call(
      'POST',
      `/staff/students/${body.data.id}/invitation`,
      undefined,
      admin.token,
    );
    expect(second.statusCode).toBe(200);
    const newer = second.json().data.url.split('#')[1];
    expect((await call('POST', '/invitation/check', { token: first })).statusCode).toBe(422);
    expect((await call('POST', '/invitation/check', { token: newer })).statusCode).toBe(200);
    // An old link lapses after seven days.
    await server.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', body.data.id)
      .execute();
    expect((await call('POST', '/invitation/check', { token: newer })).statusCode).toBe(422);
  });

  it('says which field is taken, and works without an e-mail', async () => {
    const taken = await call(
      'POST',
      '/staff/students',
      { name: 'س', phone: '01555551234' },
      admin.token,
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.phone).toEqual(['رقم الهاتف مستخدم بالفعل']);

    const res = await call(
      'POST',
      '/staff/students',
      { name: 'بلا بريد', phone: '01555550000' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toBeNull();
    expect(res.json().invitation.mailed).toBe(false);
    // No e-mail to mail a reset code to: the link is the way.
    const reset = await call(
      'POST',
      `/staff/students/${res.json().data.id}/password-reset`,
      undefined,
      admin.token,
    );
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toBe(
      'لا يوجد بريد إلكتروني لهذا الطالب؛ أرسل له رابط تعيين كلمة المرور بدلًا من ذلك',
    );
  });

  it('is corrected by staff: audited, a taken phone refused, a new e-mail unconfirmed', async () => {
    const student = await makeStudent(server.db, { emailVerified: true });
    const other = await makeStudent(server.db);
    const refused = await call(
      'PATCH',
      `/staff/students/${student.userId}`,
      { phone: other.phone },
      admin.token,
    );
    expect(refused.statusCode).toBe(422);
    const res = await call(
      'PATCH',
      `/staff/students/${student.userId}`,
      { email: 'new@school.test', parent_phone: '01211112222' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'new@school.test',
      email_verified: false,
      parent_phone: '01211112222',
    });
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select(['action', 'before', 'after'])
      .where('resource', '=', 'students')
      .where('resource_id', '=', String(student.userId))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('update');
    expect(JSON.parse(audit.before!).email).toBe(student.email);
    expect(JSON.parse(audit.after!).email).toBe('new@school.test');
  });
});

describe('the export reads back', () => {
  let other: TestServer;
  let otherAdmin: TestStudent;
  beforeAll(async () => {
    other = await startTestServer({ seed: false });
    otherAdmin = await makeStaff(other.db, 'admin');
    await other.db
      .insertInto('grades')
      .values({ name: 'الصف الثالث الثانوي', position: 1 })
      .execute();
  }, 120_000);
  afterAll(() => other?.close());

  it('into another school: the same names, phones, e-mails, grades, centres, parents and balances', async () => {
    const file = [
      'الاسم,الهاتف,البريد الإلكتروني,الصف الدراسي,السنتر,هاتف ولي الأمر,بريد ولي الأمر,الرصيد',
      'رنا سامح,01020304050,rana@school.test,الصف الثالث الثانوي,سنتر الأمل,01120304050,father@home.test,75.25',
      'باسل مراد,01220304050,,,,,,',
    ].join('\n');
    expect((await importFile(file)).json().data).toMatchObject({ applied: true, created: 2 });

    const exported = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}/staff/students.csv?q=0${'1'}`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const form = multipartForm([
      { name: 'file', value: exported.rawPayload, filename: 'students.csv' },
    ]);
    const res = await other.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/students/import`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${otherAdmin.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.invalid, JSON.stringify(report.problems)).toBe(0);
    const pick = (rows: Record<string, unknown>[]) =>
      rows
        .map((u) => [
          u.name,
          u.phone,
          u.email,
          u.center_name,
          u.parent_phone,
          u.parent_email,
          u.balance,
        ])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    const columns = [
      'name',
      'phone',
      'email',
      'center_name',
      'parent_phone',
      'parent_email',
      'balance',
    ] as const;
    const here = await server.db
      .selectFrom('users')
      .select(columns)
      .where('group_id', 'is', null)
      .execute();
    const there = await other.db
      .selectFrom('users')
      .select(columns)
      .where('group_id', 'is', null)
      .execute();
    expect(pick(there)).toEqual(pick(here));
    // No text channel there: a link goes only to those with an e-mail, by mail.
    expect(report).toMatchObject({
      invitations_by_phone: false,
      invitations: here.filter((u) => u.email).length,
    });
    expect(report.invitations).toBeLessThan(report.created);
    expect(pick(there)).toContainEqual([
      'رنا سامح',
      '01020304050',
      'rana@school.test',
      'سنتر الأمل',
      '01120304050',
      'father@home.test',
      7525,
    ]);
    const graded = await other.db
      .selectFrom('users')
      .innerJoin('grades', 'grades.id', 'users.grade_id')
      .select('grades.name')
      .where('users.phone', '=', '01020304050')
      .executeTakeFirstOrThrow();
    expect(graded.name).toBe('الصف الثالث الثانوي');
  });
});

describe('a set-password link', () => {
  const linkFor = async (userId: number) => {
    const res = await call('POST', `/staff/students/${userId}/invitation`, undefined, admin.token);
    expect(res.statusCode).toBe(200);
    return res.json().data.url.split('#')[1] as string;
  };

  it('does nothing for a blocked student', async () => {
    const student = await makeStudent(server.db);
    const token = await linkFor(student.userId);
    await call('POST', `/staff/students/${student.userId}/block`, {}, admin.token);
    expect((await call('POST', '/invitation/check', { token })).statusCode).toBe(422);
    const accept = await call('POST', '/invitation/accept', {
      token,
      password: 'blocked-pass-1',
      password_confirmation: 'blocked-pass-1',
    });
    expect(accept.statusCode).toBe(422);
  });

  it('is no staff invitation, and a staff invitation is no student link', async () => {
    const staffInvite = await call(
      'POST',
      '/staff/accounts',
      { name: 'مشرف جديد', email: 'new-leader@school.test', phone: '01277778888', role: 'leader' },
      admin.token,
    );
    expect(staffInvite.statusCode, staffInvite.body).toBe(200);
    const again = await call(
      'POST',
      `/staff/accounts/${staffInvite.json().data.id}/invitation`,
      undefined,
      admin.token,
    );
    const staffToken = again.json().data.url.split('#')[1];
    expect((await call('POST', '/invitation/check', { token: staffToken })).statusCode).toBe(422);
    const student = await makeStudent(server.db);
    const token = await linkFor(student.userId);
    expect((await call('POST', '/staff/invitation/check', { token })).statusCode).toBe(422);
  });

  it('asks for the same password twice', async () => {
    const token = await linkFor((await makeStudent(server.db)).userId);
    const res = await call('POST', '/invitation/accept', {
      token,
      password: 'one-password-1',
      password_confirmation: 'another-pass-2',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['password_confirmation']);
    expect((await call('POST', '/invitation/check', { token })).statusCode).toBe(200);
  });

  it('is tried at most 30 times an hour from one address', async () => {
    const from = (n: number) =>
      server.app.inject({
        method: 'POST',
        url: `${API_BASE}/invitation/check`,
        headers: WEB_HEADERS,
        remoteAddress: '203.0.113.9',
        payload: { token: `unknown-token-${n}-${'x'.repeat(20)}` },
      });
    for (let n = 0; n < 30; n++) expect((await from(n)).statusCode).toBe(422);
    expect((await from(30)).statusCode).toBe(429);
  });
});
