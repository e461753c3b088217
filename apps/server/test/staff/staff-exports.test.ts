import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeGrade } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * The exports a school opens in Excel (issue 23, ADR 034), on an empty school: each file starts
 * with the UTF-8 BOM, has the Arabic header and the Arabic words for codes, Cairo local times,
 * holds the whole filtered list whatever page the screen was on, and is refused to whoever
 * may not list it. Headers and rows are written out here by hand.
 */

let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;
let student: TestStudent;
let other: TestStudent;
let courseId: number;
let lectureId: number;
let wallet: string;

const BOM = [0xef, 0xbb, 0xbf];

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const { db } = server;
  admin = await makeStaff(db, 'admin', { name: 'مديرة التصدير' });
  leader = await makeStaff(db, 'leader', { name: 'مشرف التصدير' });
  const grade = await makeGrade(db, 'الصف الثالث الثانوي');
  student = await makeStudent(db, {
    name: 'سارة "الأولى", أحمد',
    email: 'sara.export@dars.test',
    phone: '01001234567',
    gradeId: grade,
  });
  other = await makeStudent(db, {
    name: '=HYPERLINK("x")',
    email: 'other.export@dars.test',
    phone: '01112345678',
    gradeId: null,
    emailVerified: false,
  });
  // Winter: 12:05 UTC is 14:05 in Cairo.
  await db
    .updateTable('users')
    .set({
      created_at: '2026-11-28T12:05:00.000Z',
      blocked_at: '2026-11-28T12:10:00.000Z',
      blocked_reason: 'مخالفة، ثم تنبيه',
    })
    .where('id', '=', student.userId)
    .execute();
  await db
    .updateTable('users')
    .set({ created_at: '2026-11-29T08:00:00.000Z' })
    .where('id', '=', other.userId)
    .execute();
  wallet = (
    await db
      .selectFrom('users')
      .select('wallet_address')
      .where('id', '=', student.userId)
      .executeTakeFirstOrThrow()
  ).wallet_address;

  const course = await makeCourse(server, {
    name: 'الفيزياء, المراجعة النهائية',
    payType: 'lectures',
    price: 150.5,
    published: false,
    featured: true,
    usersLimit: 40,
    // Summer: 09:00 UTC is 12:00 in Cairo.
    createdAt: '2026-07-01T09:00:00.000Z',
    lectures: [{ name: 'المحاضرة الأولى: الكهرباء', price: 75 }],
  });
  courseId = course.id;
  lectureId = course.lectures[0].id;

  await db
    .insertInto('lecture_purchases')
    .values({
      user_id: student.userId,
      lecture_id: lectureId,
      price_paid: 7550,
      pay_by: 'wallet',
      created_at: '2026-04-23T22:00:00.000Z', // the first minute of summer time: 01:00
      expires_at: '2026-10-29T21:00:00.000Z', // the first minute back in winter: 23:00
    })
    .execute();
  await db
    .insertInto('lecture_purchases')
    .values({
      user_id: other.userId,
      lecture_id: lectureId,
      price_paid: 0,
      pay_by: 'grant',
      granted_by: admin.userId,
      created_at: '2026-04-23T21:59:00.000Z', // the last minute of winter time: 23:59
      expires_at: null,
    })
    .execute();

  await db
    .insertInto('payment_orders')
    .values({
      id: '123456789012345678',
      user_id: student.userId,
      method: 'paymob_card',
      provider: 'paymob',
      amount: 20000,
      status: 'paid',
      provider_order_id: '98765',
      provider_reference: null,
      transaction_id: 'TX-1',
      transaction_serial: '0000000042',
      created_at: '2026-11-28T12:05:00.000Z',
      updated_at: '2026-11-28T12:06:00.000Z',
      paid_at: '2026-11-28T12:06:00.000Z',
    })
    .execute();
  await db
    .insertInto('payment_orders')
    .values({
      id: '223456789012345678',
      user_id: other.userId,
      method: 'fawry',
      provider: 'fawry',
      amount: 5000,
      status: 'pending',
      provider_order_id: null,
      provider_reference: null,
      transaction_id: null,
      transaction_serial: null,
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
      paid_at: null,
    })
    .execute();

  await db
    .insertInto('wallet_transactions')
    .values([
      {
        serial: '0000000042',
        user_id: student.userId,
        type: 'recharge',
        value: 20000,
        balance_after: 20000,
        comment: null,
        course_id: null,
        lecture_id: null,
        counterpart_user_id: null,
        created_at: '2026-11-28T12:06:00.000Z',
      },
      {
        serial: '0000000043',
        user_id: student.userId,
        type: 'lecture_purchase',
        value: -7550,
        balance_after: 12450,
        comment: '-خصم',
        course_id: courseId,
        lecture_id: lectureId,
        counterpart_user_id: null,
        created_at: '2026-11-28T12:07:00.000Z',
      },
    ])
    .execute();
  await db.updateTable('users').set({ balance: 12450 }).where('id', '=', student.userId).execute();
}, 120_000);
afterAll(() => server?.close());

function get(token: string | null, url: string) {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The file's lines after checking it is a UTF-8 CSV download that starts with the BOM. */
async function lines(url: string, token = admin.token): Promise<string[]> {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['cache-control']).toMatch(/no-store/);
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

describe('exports', () => {
  it('students: Arabic header, the status in words, Cairo times, the phone kept as text', async () => {
    const file = await lines('/students.csv?sort=id&order=asc');
    expect(file[0]).toBe(
      'الرقم,الاسم,البريد الإلكتروني,الهاتف,الصف الدراسي,السنتر,هاتف ولي الأمر,بريد ولي الأمر,الرصيد (جنيه),عنوان المحفظة,البريد مؤكد,الحالة,تاريخ الإيقاف,سبب الإيقاف,تاريخ التسجيل',
    );
    expect(file.slice(1)).toEqual([
      // The Arabic comma (،) needs no quotes; the Latin one does.
      `${student.userId},"سارة ""الأولى"", أحمد",sara.export@dars.test,="01001234567",الصف الثالث الثانوي,,,,124.5,${wallet},نعم,موقوف,2026-11-28 14:10,مخالفة، ثم تنبيه,2026-11-28 14:05`,
      expect.stringMatching(
        new RegExp(
          `^${other.userId},"'=HYPERLINK\\(""x""\\)",other\\.export@dars\\.test,="01112345678",,,,,0,[^,]*,لا,نشط,,,2026-11-29 10:00$`,
        ),
      ),
    ]);
  });

  it('students: the whole filtered list, not the page on screen', async () => {
    // The screen's page and page size are ignored; its search is kept.
    const all = await lines('/students.csv?page=2&per_page=1&order=asc');
    expect(all).toHaveLength(3);
    const found = await lines(`/students.csv?q=${encodeURIComponent('سارة')}&page=3&per_page=1`);
    expect(found).toHaveLength(2);
    expect(found[1]).toMatch(new RegExp(`^${student.userId},`));
    const blocked = await lines('/students.csv?blocked=false');
    expect(blocked.slice(1).map((l) => l.split(',')[0])).toEqual([String(other.userId)]);
  });

  it('courses: how it is sold and yes/no in words', async () => {
    const file = await lines('/courses.csv');
    expect(file).toEqual([
      'الرقم,الاسم,طريقة الشراء,السعر (جنيه),منشورة,مميزة,عدد المحاضرات,عدد الطلاب,الحد الأقصى للطلاب,تاريخ الإضافة',
      `${courseId},"الفيزياء, المراجعة النهائية",شراء المحاضرات منفردة,150.5,لا,نعم,1,0,40,2026-07-01 12:00`,
    ]);
  });

  it('purchases: how each was paid in words, times either side of the summer-time change', async () => {
    const file = await lines('/purchases.csv?order=asc');
    expect(file).toEqual([
      'الرقم,رقم الطالب,اسم الطالب,هاتف الطالب,الدورة,المحاضرة,المدفوع (جنيه),طريقة الدفع,منحها,تاريخ الشراء,تنتهي في',
      expect.stringMatching(
        new RegExp(
          `^\\d+,${student.userId},"سارة ""الأولى"", أحمد",="01001234567","الفيزياء, المراجعة النهائية",المحاضرة الأولى: الكهرباء,75.5,المحفظة,,2026-04-24 01:00,2026-10-29 23:00$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^\\d+,${other.userId},"'=HYPERLINK\\(""x""\\)",="01112345678","الفيزياء, المراجعة النهائية",المحاضرة الأولى: الكهرباء,0,منحة,مديرة التصدير,2026-04-23 23:59,$`,
        ),
      ),
    ]);
    const granted = await lines('/purchases.csv?pay_by=grant');
    expect(granted).toHaveLength(2);
    expect(granted[1]).toContain(',منحة,');
  });

  it('payment orders: method, provider and state in words, the 18-digit id kept as text', async () => {
    const file = await lines('/payment-orders.csv');
    expect(file).toEqual([
      'رقم الطلب,رقم الطالب,اسم الطالب,هاتف الطالب,طريقة الدفع,مزود الدفع,المبلغ (جنيه),الحالة,رقم الطلب لدى المزود,مرجع المزود,رقم عملية المحفظة,تاريخ الطلب,تاريخ الدفع',
      `="123456789012345678",${student.userId},"سارة ""الأولى"", أحمد",="01001234567",بطاقة بنكية,باي موب,200,مدفوع,="98765",,="0000000042",2026-11-28 14:05,2026-11-28 14:06`,
      `="223456789012345678",${other.userId},"'=HYPERLINK(""x"")",="01112345678",فوري,فوري,50,معلق,,,,2026-11-27 12:00,`,
    ]);
    const pending = await lines('/payment-orders.csv?status=pending');
    expect(pending).toHaveLength(2);
    expect(pending[1]).toContain(',معلق,');
  });

  it('wallet ledger: the type in words, a debit as a negative number, a comment defused', async () => {
    const file = await lines(`/transactions.csv?student_id=${student.userId}&order=desc`);
    expect(file).toEqual([
      'رقم العملية,رقم الطالب,اسم الطالب,هاتف الطالب,النوع,القيمة (جنيه),الرصيد بعدها (جنيه),الدورة,المحاضرة,ملاحظة,الوقت',
      `="0000000043",${student.userId},"سارة ""الأولى"", أحمد",="01001234567",شراء محاضرة,-75.5,124.5,"الفيزياء, المراجعة النهائية",المحاضرة الأولى: الكهرباء,'-خصم,2026-11-28 14:07`,
      `="0000000042",${student.userId},"سارة ""الأولى"", أحمد",="01001234567",شحن,200,200,,,,2026-11-28 14:06`,
    ]);
    expect(await lines(`/transactions.csv?student_id=${other.userId}`)).toHaveLength(1);
  });

  it('the school-wide purchases and ledger lists the exports mirror', async () => {
    const purchases = await get(admin.token, `/purchases?course_id=${courseId}&pay_by=wallet`);
    expect(purchases.statusCode, purchases.body).toBe(200);
    expect(purchases.json()).toMatchObject({
      meta: { total: 1 },
      data: [
        {
          student: { id: student.userId, name: 'سارة "الأولى", أحمد', phone: '01001234567' },
          lecture: { id: lectureId },
          course: { id: courseId },
          price_paid: 75.5,
          pay_by: 'wallet',
          expired: true,
        },
      ],
    });
    const ledger = await get(admin.token, '/transactions?type=recharge');
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json()).toMatchObject({
      meta: { total: 1 },
      data: [{ serial: '0000000042', value: 200, student: { id: student.userId } }],
    });
    // A student's tabs read the same rows.
    const tab = await get(admin.token, `/students/${student.userId}/ledger`);
    expect(tab.json().data.map((r: { serial: string }) => r.serial)).toEqual([
      '0000000043',
      '0000000042',
    ]);
  });
});

describe('who may export', () => {
  it('a leader exports students and courses, which a leader lists', async () => {
    expect((await get(leader.token, '/students.csv')).statusCode).toBe(200);
    expect((await get(leader.token, '/courses.csv')).statusCode).toBe(200);
  });

  it.for([
    '/purchases.csv',
    '/payment-orders.csv',
    '/transactions.csv',
    '/purchases',
    '/transactions',
  ])('a leader may not export or list the money of %s', async (url) => {
    const res = await get(leader.token, url);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('ليس لديك صلاحية لهذا الإجراء');
  });

  it.for([
    '/students.csv',
    '/courses.csv',
    '/purchases.csv',
    '/payment-orders.csv',
    '/transactions.csv',
  ])('a student gets 403 and a guest 401 on %s', async (url) => {
    // `other`: the blocked student's sessions are ended.
    expect((await get(other.token, url)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
  });
});
