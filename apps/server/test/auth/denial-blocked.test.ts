import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, endpoints, type EndpointDef } from '@dars/contract';
import { hashToken } from '../../src/lib/tokens';
import { publishTestLadder } from '../factories/ladders';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse, makeLecture } from '../factories/courses';
import { makeExam, type TestExam } from '../factories/exams';
import { makePaycard } from '../factories/paycards';
import { studentClient } from '../denial-client';
import { examClient, PNG_UPLOAD } from '../exams/exam-client';
import { formBody } from '../wallet/wallet-client';
import { makeStaff } from '../staff/staff-factory';
import { lastCodeTo } from '../outbox';
import { tokenForUser } from '../sign-in';
import { putSettings } from '../../src/modules/settings/settings-service';

/**
 * A token still honoured for a blocked student (issue 23). Every call a signed-in student can
 * make is written out below by hand, with a request that does something real (a lecture to buy,
 * a running exam to answer, money to move). A student who is not blocked makes each one and
 * gets the answer written beside it; a student blocked by staff through the staff API is
 * refused on the very next request with the token they had, in Arabic, and nothing changes.
 * The contract is read only to check that the table leaves no student call out.
 */

const SIGN_IN_FIRST = { status: 401, code: 'UNAUTHENTICATED', message: 'يجب تسجيل الدخول أولاً' };
const PASSWORD = 'old-password-1';

let server: TestServer;
let admin: TestStudent;
let as: ReturnType<typeof studentClient>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await makeStaff(server.db, 'admin');
  as = studentClient(server);
  // Mobile-wallet recharges on (the demo's other methods stay as they are).
  await putSettings(server.db, {
    recharge_info: {
      min_recharge_amount: 10,
      supported_methods: [
        'mobile_wallets',
        'recharge_card',
        'paymob_card',
        'paymob_wallet',
        'paymob_kiosk',
        'paymob_installment',
        'fawry',
        'fawry_staging',
        'kashier',
      ],
      mobile_wallet_number: '01001234567',
    },
  });
}, 120_000);
afterAll(() => server?.close());

type Reply = Awaited<ReturnType<TestServer['app']['inject']>>;

/** Everything one student's calls need, made before any of them (and before a block). */
interface Fixture {
  student: TestStudent;
  /** A second session of the student (another device). */
  spare: string;
  /** Two more sessions: one the student signs out from the devices list, one the others' sign-out ends. */
  otherSessionId: number;
  lastOther: string;
  /** The code mailed to confirm the e-mail (the student has not yet). */
  verifyCode: string;
  /** Bought with the wallet: its contents, video and attachment. */
  boughtLectureId: number;
  /** The bought lecture's course (joined on the way). */
  boughtCourseId: number;
  videoId: number;
  /** A lecture for sale, a free course to join and a course for sale. */
  lectureForSaleId: number;
  courseToJoinId: number;
  courseForSaleId: number;
  /** A running exam (an essay that takes images) and one not yet started. */
  exam: TestExam;
  sessionToken: string;
  examToStart: TestExam;
  /** Another student's wallet, for a transfer. */
  recipientAddress: string;
  paycardCode: string;
  /** Links signed while the student was not blocked. */
  streamUrl: string;
  /** The HLS ladder's calls (ADR 055), by the same opening. */
  hlsUrl: string;
  segmentUrl: string;
  playerUrl: string;
  vt: string;
  downloadUrl: string;
  answerImageUrl: string;
  /** The student's support ticket with a staff reply, and a closed guest ticket's follow token. */
  ticketId: number;
  closedFollowToken: string;
}

async function fixture(): Promise<Fixture> {
  const student = await makeStudent(server.db, {
    balance: 500,
    password: PASSWORD,
    emailVerified: false,
  });
  expect((await send('POST', '/verify/send', student.token)).statusCode).toBe(200);
  const verifyCode = lastCodeTo(server.config.dataDir, student.email);
  const bought = await makeLecture(server, { price: 10 });
  expect((await as.buyLecture(bought.id, student.token)).statusCode).toBe(200);
  const video = await as.firstVideo(bought.id);
  const forSale = await makeLecture(server, { price: 5 });
  const toJoin = await makeCourse(server, { payType: 'course', price: 0 });
  const courseForSale = await makeCourse(server, { payType: 'course', price: 7 });
  const exam = await makeExam(server.db, {
    imagesAnswers: true,
    questions: [{ type: 'choices' }, { type: 'essay' }],
  });
  const examToStart = await makeExam(server.db, { questions: [{ type: 'truefalse' }] });
  const api = examClient(server.app, student.token);
  const sessionToken = await api.tokenFor(exam.id);
  const essay = exam.questions[1]!.id;
  const image = await api.imageAnswer(
    { session_token: sessionToken, question_id: String(essay), seq: '1' },
    PNG_UPLOAD,
  );
  expect(image.statusCode, image.body).toBe(200);
  const answerImageUrl: string = (
    image.json() as { answer_attempts: { question_id: number; answer_image: string | null }[] }
  ).answer_attempts.find((a) => a.question_id === essay)!.answer_image!;
  const { vt } = await as.openVideo(video.id, student.token);
  // Its HLS ladder (ADR 055), and a segment's link as its playlist gives it.
  await publishTestLadder(server, video.id);
  const hls = `${API_BASE}/video/hls/${video.id}`;
  const rendition = await send('GET', `${hls}/v0/index.m3u8?vt=${encodeURIComponent(vt!)}`, null);
  expect(rendition.statusCode).toBe(200);
  const segmentUrl = rendition.body.split('\n').find((l) => l.includes('/s00000.ts?st='))!;
  const contents = (await as.contents(bought.id, student.token)).json();
  const recipient = await makeStudent(server.db);
  const recipientRow = await server.db
    .selectFrom('users')
    .select('wallet_address')
    .where('id', '=', recipient.userId)
    .executeTakeFirstOrThrow();
  // Something to mark read.
  await server.db
    .insertInto('notifications')
    .values({
      user_id: student.userId,
      type: 'general',
      data: JSON.stringify({ type: 'general', title: 'إشعار', content: 'نص', to: null }),
      read_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  const ticket = await send('POST', '/support-tickets', student.token, {
    title: 'سؤال',
    content: 'نص',
  });
  const ticketId = Number(ticket.json().data.id);
  expect(
    (await staffPost(`/support-tickets/${ticketId}/replies`, { content: 'رد' })).statusCode,
  ).toBe(200);
  const guestTicket = await send('POST', '/support-tickets', null, {
    title: 'سؤال زائر',
    content: 'نص',
    name: 'زائر',
    email: 'guest-blocked@example.com',
    phone: '01012345678',
  });
  expect((await staffPost(`/support-tickets/${guestTicket.json().data.id}/close`)).statusCode).toBe(
    200,
  );
  return {
    student,
    ticketId,
    closedFollowToken: String(guestTicket.json().data.follow_path).replace('/support/follow/', ''),
    spare: await tokenForUser(server.db, student.userId),
    otherSessionId: await sessionIdOf(await tokenForUser(server.db, student.userId)),
    lastOther: await tokenForUser(server.db, student.userId),
    verifyCode,
    boughtLectureId: bought.id,
    boughtCourseId: bought.course_id,
    videoId: video.id,
    lectureForSaleId: forSale.id,
    courseToJoinId: toJoin.id,
    courseForSaleId: courseForSale.id,
    exam,
    sessionToken,
    examToStart,
    recipientAddress: recipientRow.wallet_address,
    paycardCode: await makePaycard(server.db, { value: 20 }),
    vt: vt!,
    streamUrl: `${API_BASE}/video/stream/${video.id}?vt=${encodeURIComponent(vt!)}`,
    hlsUrl: hls,
    segmentUrl,
    playerUrl: `/player/${video.id}?vt=${encodeURIComponent(vt!)}`,
    downloadUrl: contents.attachments[0].url as string,
    answerImageUrl,
  };
}

async function sessionIdOf(token: string): Promise<number> {
  const row = await server.db
    .selectFrom('auth_tokens')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: object,
): Promise<Reply> {
  return server.app.inject({
    method,
    url: url.startsWith('/api/') || url.startsWith('/player') ? url : API_BASE + url,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

function multipart(url: string, token: string, fields: Record<string, string>, file: string) {
  const body = formBody(fields, file, { bytes: PNG_UPLOAD.bytes, type: 'image/png' });
  return server.app.inject({
    method: 'POST',
    url: API_BASE + url,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

type Row = {
  /** What a student who is not blocked gets (the call does something real). */
  ok: number;
  /** What the blocked student's old token gets; default: 401, sign in first. */
  blocked?: { status: number; code?: string; message?: string };
  call: (f: Fixture, token: string) => Promise<Reply>;
};

const pay = (path: string) => (f: Fixture, t: string) => send('POST', path, t, { amount: 50 });

/**
 * Every call of the contract a signed-in student makes, by the contract's name, written by
 * hand. Ordered so that the calls that end the session come last.
 */
const STUDENT_CALLS: Record<string, Row> = {
  getHome: { ok: 200, call: (_f, t) => send('GET', '/home', t) },
  getAuthUser: { ok: 200, call: (_f, t) => send('POST', '/auth/user', t) },
  getProfile: { ok: 200, call: (_f, t) => send('GET', '/profile', t) },
  updateProfile: {
    ok: 200,
    call: (_f, t) => send('PUT', '/profile', t, { name: 'اسم جديد' }),
  },
  updateAvatar: {
    ok: 200,
    call: (_f, t) => multipart('/profile/avatar', t, {}, 'avatar'),
  },
  // The devices list (ADR 051): one other session signed out from it.
  getProfileDevices: { ok: 200, call: (_f, t) => send('GET', '/profile/devices', t) },
  signOutProfileDevice: {
    ok: 200,
    call: (f, t) => send('POST', '/profile/devices/sign-out', t, { session_id: f.otherSessionId }),
  },
  verifyEmail: { ok: 200, call: (f, t) => send('POST', '/verify', t, { code: f.verifyCode }) },
  sendVerification: { ok: 200, call: (_f, t) => send('POST', '/verify/send', t) },
  registerPushDevice: {
    ok: 200,
    call: (f, t) =>
      send('POST', '/notifications/create', t, { device_token: `device-${f.student.userId}` }),
  },
  markNotificationsRead: { ok: 200, call: (_f, t) => send('POST', '/notifications/read', t) },
  getTeachers: { ok: 200, call: (_f, t) => send('GET', '/teachers', t) },
  joinCourse: { ok: 200, call: (f, t) => send('POST', `/courses/${f.courseToJoinId}/join`, t) },
  purchaseCourse: {
    ok: 200,
    call: (f, t) => send('POST', `/courses/${f.courseForSaleId}/purchase`, t, { pay_by: 'wallet' }),
  },
  purchaseLecture: {
    ok: 200,
    call: (f, t) =>
      send('POST', `/lectures/${f.lectureForSaleId}/purchase`, t, { pay_by: 'wallet' }),
  },
  getLectureContents: {
    ok: 200,
    call: (f, t) => send('GET', `/lectures/${f.boughtLectureId}/contents`, t),
  },
  getVideo: { ok: 200, call: (f, t) => send('GET', `/video/apps/${f.videoId}`, t) },
  getExamDetails: {
    ok: 200,
    call: (f, t) => send('GET', `/exams/details?exam_code=${f.examToStart.code}`, t),
  },
  startExamSession: {
    ok: 200,
    call: (f, t) => send('POST', '/exams/session', t, { exam_id: f.examToStart.id }),
  },
  getExamSession: {
    ok: 200,
    call: (f, t) => send('GET', `/exams/session?session_token=${f.sessionToken}`, t),
  },
  saveExamAnswers: {
    ok: 200,
    call: (f, t) =>
      send('POST', '/exams/session/answers', t, {
        session_token: f.sessionToken,
        answers: [
          { question_id: f.exam.questions[0]!.id, chosen_answer: f.exam.questions[0]!.right },
        ],
      }),
  },
  saveExamImageAnswer: {
    ok: 200,
    call: (f, t) =>
      examClient(server.app, t).imageAnswer(
        { session_token: f.sessionToken, question_id: String(f.exam.questions[1]!.id), seq: '2' },
        PNG_UPLOAD,
      ),
  },
  saveExamEvents: {
    ok: 200,
    call: (f, t) =>
      send('POST', '/exams/session/events', t, {
        session_token: f.sessionToken,
        events: [
          { id: `evt-${Date.now().toString(36)}`, kind: 'hidden', at: new Date().toISOString() },
        ],
      }),
  },
  submitExamSession: {
    ok: 200,
    call: (f, t) =>
      send('POST', '/exams/session/submit', t, { session_token: f.sessionToken, answers: [] }),
  },
  getExamResults: { ok: 200, call: (_f, t) => send('GET', '/exams/results', t) },
  getHomeworkResults: { ok: 200, call: (_f, t) => send('GET', '/exams/homeworks/results', t) },
  getWallet: { ok: 200, call: (_f, t) => send('GET', '/wallet', t) },
  lookupTransferRecipient: {
    ok: 200,
    call: (f, t) =>
      send('POST', '/wallet/transfer/lookup', t, { wallet_address: f.recipientAddress }),
  },
  transferBalance: {
    ok: 200,
    call: (f, t) =>
      send('POST', '/wallet/transfer', t, { amount: 15, wallet_address: f.recipientAddress }),
  },
  rechargeCard: {
    ok: 200,
    call: (f, t) => send('POST', '/wallet/recharge/recharge-card', t, { code: f.paycardCode }),
  },
  rechargeMobileWallet: {
    ok: 200,
    call: (_f, t) =>
      multipart(
        '/wallet/recharge/mobile-wallet',
        t,
        { amount: '50', payer_number: '01012345678' },
        'attachment',
      ),
  },
  createPaymobCardOrder: { ok: 200, call: pay('/wallet/paymob/order/card') },
  createPaymobWalletOrder: { ok: 200, call: pay('/wallet/paymob/order/wallet') },
  createPaymobKioskOrder: { ok: 200, call: pay('/wallet/paymob/order/kiosk') },
  createPaymobInstallmentOrder: { ok: 200, call: pay('/wallet/paymob/order/installment') },
  // Not set up in the demo (404 to everyone signed in): the token is checked first.
  createFawryOrder: { ok: 404, call: pay('/wallet/fawry/order') },
  createFawryStagingOrder: { ok: 404, call: pay('/wallet/fawry/order/staging') },
  createKashierOrder: { ok: 200, call: pay('/wallet/kashier/order') },
  // Calls a guest may make too: the blocked student's token is no one's, so they answer as to
  // a guest; the ticket form then wants a guest's name, e-mail and phone, and makes nothing.
  getApp: { ok: 200, blocked: { status: 200 }, call: (_f, t) => send('GET', '/app', t) },
  getWelcome: { ok: 200, blocked: { status: 200 }, call: (_f, t) => send('GET', '/welcome', t) },
  getCourses: { ok: 200, blocked: { status: 200 }, call: (_f, t) => send('GET', '/courses', t) },
  // The student's own progress in a course they joined (ADR 054): a signed-in call.
  getCourseProgress: {
    ok: 200,
    call: (f, t) => send('GET', `/courses/${f.boughtCourseId}/progress`, t),
  },
  getCourse: {
    ok: 200,
    blocked: { status: 200 },
    call: (f, t) => send('GET', `/courses/${f.courseToJoinId}`, t),
  },
  getTeacher: {
    ok: 200,
    blocked: { status: 200 },
    call: (_f, t) => send('GET', `/teachers/1`, t),
  },
  createSupportTicket: {
    ok: 200,
    blocked: { status: 422, code: 'VALIDATION_FAILED' },
    call: (_f, t) =>
      send('POST', '/support-tickets', t, { title: 'مشكلة', content: 'لا يعمل الفيديو' }),
  },
  // The conversation (ADR 039): the student's own ticket…
  listSupportTickets: { ok: 200, call: (_f, t) => send('GET', '/support-tickets', t) },
  getSupportTicket: { ok: 200, call: (f, t) => send('GET', `/support-tickets/${f.ticketId}`, t) },
  replySupportTicket: {
    ok: 200,
    call: (f, t) => send('POST', `/support-tickets/${f.ticketId}/messages`, t, { content: 'شكراً' }),
  },
  markSupportTicketRead: {
    ok: 200,
    call: (f, t) => send('POST', `/support-tickets/${f.ticketId}/read`, t),
  },
  // …and a guest's by its link, which any token or none opens the same; closed, it takes no reply.
  getGuestSupportTicket: {
    ok: 200,
    blocked: { status: 200 },
    call: (f, t) => send('GET', `/support/follow/${f.closedFollowToken}`, t),
  },
  replyGuestSupportTicket: {
    ok: 409,
    blocked: { status: 409, code: 'CONFLICT' },
    call: (f, t) =>
      send('POST', `/support/follow/${f.closedFollowToken}/messages`, t, { content: 'نص' }),
  },
  // Links the server signed while the student could use them: they carry no bearer token, and
  // stop with the block (ADR 029).
  streamVideo: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('GET', f.streamUrl, null),
  },
  // The HLS ladder: every playlist, segment, picture and the key (ADR 055).
  hlsMaster: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('GET', `${f.hlsUrl}/master.m3u8?vt=${encodeURIComponent(f.vt)}`, null),
  },
  hlsVariant: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('GET', `${f.hlsUrl}/v0/index.m3u8?vt=${encodeURIComponent(f.vt)}`, null),
  },
  hlsSegment: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('GET', f.segmentUrl, null),
  },
  hlsKey: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('GET', `${f.hlsUrl}/key?vt=${encodeURIComponent(f.vt)}`, null),
  },
  hlsImage: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('GET', `${f.hlsUrl}/images/poster.jpg?vt=${encodeURIComponent(f.vt)}`, null),
  },
  countVideoView: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('POST', '/video/views', null, { vt: f.vt }),
  },
  // The player's progress reports (ADR 054): its token's sign-in ended with the block.
  recordVideoProgress: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('POST', '/video/progress', null, { vt: f.vt, watched: 15, position: 15 }),
  },
  downloadAttachment: {
    ok: 200,
    blocked: { status: 403, code: 'FORBIDDEN' },
    call: (f) => send('GET', f.downloadUrl, null),
  },
  // The student's own link to their answer image (the staff marking link, signed apart,
  // still opens: the next test).
  getAnswerImage: {
    ok: 200,
    blocked: {
      status: 403,
      code: 'FORBIDDEN',
      message: 'تم إيقاف حسابك، تواصل مع الدعم لمعرفة التفاصيل',
    },
    call: (f) => send('GET', f.answerImageUrl, null),
  },
  // The session calls last: the other device signs out, the password changes (which ends the
  // other sessions), then every session ends.
  logout: { ok: 200, call: (f) => send('POST', '/logout', f.spare) },
  signOutOtherDevices: {
    ok: 200,
    call: (_f, t) => send('POST', '/profile/devices/sign-out-others', t),
  },
  // For an account staff made without a grade; a student with one is sent to the profile page.
  setPassword: {
    ok: 403,
    call: (_f, t) => send('POST', '/password', t, { password: 'new-password-22' }),
  },
  changePassword: {
    ok: 200,
    call: (_f, t) =>
      send('POST', '/profile/password', t, {
        current_password: PASSWORD,
        password: 'new-password-22',
      }),
  },
  logoutAll: { ok: 200, call: (_f, t) => send('POST', '/logout/all', t) },
};

/** Not calls of a signed-in student: they make or recover the session itself. */
const NO_SESSION_YET = [
  'register',
  'login',
  'requestPasswordReset',
  'validatePasswordReset',
  'resetPassword',
  // A student the school added sets a first password from its link (ADR 052); a blocked
  // student's link does nothing (staff-student-import.test.ts).
  'checkStudentInvitation',
  'acceptStudentInvitation',
];

/** The player page, outside the contract (video-routes.ts), opened by a signed link too. */
const PLAYER_PAGE: Row = {
  ok: 200,
  blocked: { status: 403, code: 'FORBIDDEN' },
  call: (f) => send('GET', f.playerUrl, null),
};

/** Every row the blocked student's calls could touch, read back whole. */
async function snapshot(f: Fixture) {
  const { db } = server;
  const id = f.student.userId;
  const sessions = await db
    .selectFrom('exam_sessions')
    .selectAll()
    .where('user_id', '=', id)
    .orderBy('id')
    .execute();
  const byUser = <T extends Parameters<typeof db.selectFrom>[0]>(table: T) =>
    db
      .selectFrom(table as 'enrollments')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
  return {
    users: await db.selectFrom('users').selectAll().where('id', 'in', [id]).orderBy('id').execute(),
    recipient: await db
      .selectFrom('users')
      .select(['balance'])
      .where('wallet_address', '=', f.recipientAddress)
      .execute(),
    sessions,
    // The integrity record's events (ADR 044).
    events: await db
      .selectFrom('exam_session_events')
      .selectAll()
      .where('session_id', 'in', [0, ...sessions.map((s) => s.id)])
      .orderBy('id')
      .execute(),
    answers: await db
      .selectFrom('answer_attempts')
      .selectAll()
      .where(
        'session_id',
        'in',
        sessions.map((s) => s.id),
      )
      .orderBy('id')
      .execute(),
    ledger: await db.selectFrom('wallet_transactions').selectAll().orderBy('id').execute(),
    purchases: await db.selectFrom('lecture_purchases').selectAll().orderBy('id').execute(),
    enrollments: await byUser('enrollments'),
    mobilePayments: await db.selectFrom('mobile_payments').selectAll().orderBy('id').execute(),
    paymentOrders: await db.selectFrom('payment_orders').selectAll().orderBy('id').execute(),
    notifications: await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('id')
      .execute(),
    tickets: await db.selectFrom('support_tickets').selectAll().orderBy('id').execute(),
    devices: await db.selectFrom('push_devices').selectAll().orderBy('id').execute(),
    knownDevices: await byUser('student_devices'),
    tokens: await db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('id')
      .execute(),
    codes: await db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('id')
      .execute(),
    paycards: await db.selectFrom('paycards').select(['id', 'used_by', 'used_at']).execute(),
    views: await db
      .selectFrom('video_views')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('id')
      .execute(),
  };
}

const staffPost = (url: string, payload: object = {}) =>
  send('POST', `/staff${url}`, admin.token, payload);

function studentCallsOfContract(): string[] {
  return (Object.entries(endpoints) as [string, EndpointDef][])
    .filter(([, def]) => !def.path.startsWith('/staff/'))
    .map(([name]) => name)
    .filter((name) => !NO_SESSION_YET.includes(name));
}

describe('the table of student calls', () => {
  it('names every call of the contract a student makes with a session or a signed link', () => {
    expect(Object.keys(STUDENT_CALLS).sort()).toEqual(studentCallsOfContract().sort());
    // Every call that requires a token answers the sign-in refusal when blocked.
    for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
      if (!def.path.startsWith('/staff/') && def.auth === 'required') {
        expect(STUDENT_CALLS[name]!.blocked, name).toBeUndefined();
      }
    }
  });
});

describe('a student blocked by staff', () => {
  it('is refused on the very next request of every call, with the token they had, and nothing changes', async () => {
    // Someone who is not blocked gets each written answer: each call does something.
    const control = await fixture();
    const controlProblems: string[] = [];
    // The player page first: its link dies with the session that asked for it (ADR 051), and
    // the table's last calls end every session.
    for (const [name, row] of [
      ['player page', PLAYER_PAGE] as const,
      ...Object.entries(STUDENT_CALLS),
    ]) {
      const res = await row.call(control, control.student.token);
      if (res.statusCode !== row.ok)
        controlProblems.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(controlProblems).toEqual([]);

    const f = await fixture();
    // The token works up to the block.
    expect((await send('POST', '/auth/user', f.student.token)).statusCode).toBe(200);
    const blocked = await staffPost(`/students/${f.student.userId}/block`, { reason: 'غش' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const before = await snapshot(f);

    const problems: string[] = [];
    for (const [name, row] of [
      ...Object.entries(STUDENT_CALLS),
      ['player page', PLAYER_PAGE] as const,
    ]) {
      const want = row.blocked ?? SIGN_IN_FIRST;
      const res = await row.call(f, f.student.token);
      const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
      const got = { status: res.statusCode, code: body.code, message: body.message };
      const expected = {
        status: want.status,
        code: 'code' in want ? want.code : body.code,
        message: 'message' in want ? want.message : body.message,
      };
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        problems.push(`${name}: ${JSON.stringify(got)}`);
      }
      // Answered as to a guest: the same body as with no token at all.
      if (want.status === 200 && name !== 'player page') {
        const guest = await row.call(f, '');
        if (guest.body !== res.body) problems.push(`${name}: not a guest's answer`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  });

  it('is refused even if a token of theirs outlived the block (the session lookup checks)', async () => {
    // A token written after the block (a race with a sign-in, a restored backup): the lookup
    // itself refuses it, not only the deletion of the tokens when the block is made.
    const student = await makeStudent(server.db);
    await server.db
      .updateTable('users')
      .set({ blocked_at: new Date().toISOString() })
      .where('id', '=', student.userId)
      .execute();
    const me = await send('POST', '/auth/user', student.token);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: SIGN_IN_FIRST.code, message: SIGN_IN_FIRST.message });
    // On a call a guest may make, the token is no one's: no ticket in the student's name.
    const ticket = await send('POST', '/support-tickets', student.token, {
      title: 'مشكلة',
      content: 'نص',
      name: 'ضيف',
      email: 'guest@dars.test',
      phone: '01012345678',
    });
    expect(ticket.statusCode).toBe(200);
    const row = await server.db
      .selectFrom('support_tickets')
      .select(['user_id', 'name'])
      .where('id', '=', ticket.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, name: 'ضيف' });
  });

  it('has every session ended by the block itself', async () => {
    const student = await makeStudent(server.db);
    const second = await makeStudent(server.db);
    expect((await staffPost(`/students/${student.userId}/block`)).statusCode).toBe(200);
    const left = await server.db
      .selectFrom('auth_tokens')
      .select('user_id')
      .where('user_id', 'in', [student.userId, second.userId])
      .execute();
    expect(left).toEqual([{ user_id: second.userId }]);
  });
});

describe('a staff account taken away', () => {
  it('is refused on staff calls with the token it had, and changes nothing', async () => {
    const leader = await makeStaff(server.db, 'leader');
    const calls = [
      () => send('GET', '/staff/students', leader.token),
      () => send('GET', '/staff/courses', leader.token),
      () => send('POST', '/staff/courses', leader.token, { name: 'دورة', pay_type: 'course' }),
    ];
    for (const call of calls.slice(0, 2)) expect((await call()).statusCode).toBe(200);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${API_BASE}/staff/accounts/${leader.userId}`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const courses = await server.db.selectFrom('courses').select('id').execute();
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(SIGN_IN_FIRST.status);
      expect(res.json()).toMatchObject({
        code: SIGN_IN_FIRST.code,
        message: SIGN_IN_FIRST.message,
      });
    }
    expect(await server.db.selectFrom('courses').select('id').execute()).toEqual(courses);
  });

  it('signs an admin lowered to leader out, and a new sign-in is a leader', async () => {
    const other = await makeStaff(server.db, 'admin');
    const res = await server.app.inject({
      method: 'PATCH',
      url: `${API_BASE}/staff/accounts/${other.userId}`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
      payload: { role: 'leader' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await send('GET', '/staff/settings', other.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(SIGN_IN_FIRST.message);
  });
});

describe('sessions that ended', () => {
  const representative = (t: string) => [
    () => send('GET', '/wallet', t),
    () => send('GET', '/profile', t),
    () => send('POST', '/exams/session', t, { exam_id: 1 }),
    () => send('POST', '/notifications/create', t, { device_token: `d-${t.slice(0, 8)}` }),
  ];
  async function expectEnded(token: string) {
    for (const call of representative(token)) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: SIGN_IN_FIRST.code,
        message: SIGN_IN_FIRST.message,
      });
    }
  }
  async function login(s: TestStudent, password: string) {
    const res = await send('POST', '/login', null, { login: s.email, password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  }

  it('refuses a token after its logout, and keeps the other device signed in', async () => {
    const s = await makeStudent(server.db, { password: PASSWORD });
    const other = await login(s, PASSWORD);
    expect((await send('POST', '/logout', s.token)).statusCode).toBe(200);
    await expectEnded(s.token);
    expect((await send('GET', '/wallet', other)).statusCode).toBe(200);
  });

  it('refuses every other session after a password change, and keeps the one that changed it', async () => {
    const s = await makeStudent(server.db, { password: PASSWORD });
    const other = await login(s, PASSWORD);
    const changed = await send('POST', '/profile/password', s.token, {
      current_password: PASSWORD,
      password: 'new-password-22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectEnded(other);
    expect((await send('GET', '/wallet', s.token)).statusCode).toBe(200);
  });

  it('refuses every session after a password reset', async () => {
    const s = await makeStudent(server.db, { password: PASSWORD });
    const other = await login(s, PASSWORD);
    expect((await send('POST', '/password/reset', null, { email: s.email })).statusCode).toBe(200);
    await server.app.background.settle();
    const code = lastCodeTo(server.config.dataDir, s.email);
    const validated = await send('POST', '/password/reset/validate', null, {
      email: s.email,
      code,
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const confirm = await server.app.inject({
      method: 'POST',
      url: validated.json().url,
      headers: WEB_HEADERS,
      payload: { password: 'new-password-22' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await expectEnded(s.token);
    await expectEnded(other);
  });

  it('refuses a session past its idle or its absolute lifetime', async () => {
    const idle = await makeStudent(server.db);
    const old = await makeStudent(server.db);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    // Written by hand: 30 days unused, 180 days old (docs/decisions/007-security-hardening.md).
    await server.db
      .updateTable('auth_tokens')
      .set({ last_used_at: ago(30), created_at: ago(31) })
      .where('token_hash', '=', hashToken(idle.token))
      .execute();
    await server.db
      .updateTable('auth_tokens')
      .set({ last_used_at: ago(0), created_at: ago(180) })
      .where('token_hash', '=', hashToken(old.token))
      .execute();
    await expectEnded(idle.token);
    await expectEnded(old.token);
  });
});
