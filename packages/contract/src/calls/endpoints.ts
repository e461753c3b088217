import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { RechargeMethod } from '../entities/settings';
import * as auth from './auth';
import * as courses from './courses';
import * as exams from './exams';
import * as home from './home';
import * as lectures from './lectures';
import * as notifications from './notifications';
import * as profile from './profile';
import * as settings from './settings';
import * as support from './support';
import * as teachers from './teachers';
import * as videos from './videos';
import * as wallet from './wallet';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of spec §7. `path` is relative to API_BASE with `:name` params. `auth` says
 * whether a bearer token is required or only used when present. `errors` lists the §8 codes
 * the call may answer besides the transport ones every call may give.
 */
export interface EndpointDef {
  method: HttpMethod;
  path: `/${string}`;
  auth: 'required' | 'optional';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is multipart/form-data (it carries a file). */
  multipart?: true;
  response: z.ZodType;
  errors?: readonly ErrorCode[];
}

const idParams = courses.idParamsSchema;

const PAYCARD_ERRORS = ['INVALID_PAYCARD_CODE', 'USED_PAYCARD', 'EXPIRED_PAYCARD'] as const;
const PURCHASE_ERRORS = [
  'LIMIT_EXCEEDED',
  'ALREADY_PURCHASED',
  ...PAYCARD_ERRORS,
  'PAYCARD_TARGET_VALIDATION_FAILD',
  'PAYCARD_USED_BY_ANOTHER_USER',
  'PAYCARD_MAX_PRICE_EXCEEDED',
  'BALANCE_NOT_ENOUGH',
] as const;

const paymentOrder = (path: `/${string}`, response: z.ZodType) =>
  ({
    method: 'POST',
    path,
    auth: 'required',
    body: wallet.createPaymentOrderBodySchema,
    response,
    errors: ['LESS_THAN_MIN_AMOUNT', 'FEATURE_DISABLED'],
  }) as const;

/**
 * Every call of spec §7, by name. The server registers routes from it and the web client
 * builds its fetchers from it, so a path or a schema is written once.
 * @example endpoints.getCourse.response.parse(await res.json())
 */
export const endpoints = {
  // Session, settings, home
  getApp: {
    method: 'GET',
    path: '/app',
    auth: 'optional',
    response: settings.getAppResponseSchema,
  },
  getHome: { method: 'GET', path: '/home', auth: 'required', response: home.getHomeResponseSchema },
  getWelcome: {
    method: 'GET',
    path: '/welcome',
    auth: 'optional',
    response: courses.getWelcomeResponseSchema,
  },
  getAuthUser: {
    method: 'POST',
    path: '/auth/user',
    auth: 'required',
    response: auth.getAuthUserResponseSchema,
  },
  register: {
    method: 'POST',
    path: '/register',
    auth: 'optional',
    body: auth.registerBodySchema,
    response: auth.registerResponseSchema,
  },
  login: {
    method: 'POST',
    path: '/login',
    auth: 'optional',
    body: auth.loginBodySchema,
    response: auth.loginResponseSchema,
    errors: ['INVALID_CREDENTIALS'],
  },
  logout: {
    method: 'POST',
    path: '/logout',
    auth: 'required',
    response: auth.logoutResponseSchema,
  },
  /** Our own call (not in spec §7): signs the student out on every device. */
  logoutAll: {
    method: 'POST',
    path: '/logout/all',
    auth: 'required',
    response: auth.logoutAllResponseSchema,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/password/reset',
    auth: 'optional',
    body: auth.requestPasswordResetBodySchema,
    response: auth.requestPasswordResetResponseSchema,
  },
  validatePasswordReset: {
    method: 'POST',
    path: '/password/reset/validate',
    auth: 'optional',
    body: auth.validatePasswordResetBodySchema,
    response: auth.validatePasswordResetResponseSchema,
    errors: ['INVALID_CODE'],
  },
  /** The client posts to the url returned by validatePasswordReset, which has this form. */
  resetPassword: {
    method: 'POST',
    path: '/password/reset/confirm/:token',
    auth: 'optional',
    params: auth.resetPasswordParamsSchema,
    body: auth.resetPasswordBodySchema,
    response: auth.resetPasswordResponseSchema,
    errors: ['INVALID_CODE'],
  },
  verifyEmail: {
    method: 'POST',
    path: '/verify',
    auth: 'required',
    body: auth.verifyEmailBodySchema,
    response: auth.verifyEmailResponseSchema,
    errors: ['INVALID_CODE'],
  },
  sendVerification: {
    method: 'POST',
    path: '/verify/send',
    auth: 'required',
    response: auth.sendVerificationResponseSchema,
  },
  setPassword: {
    method: 'POST',
    path: '/password',
    auth: 'required',
    body: auth.setPasswordBodySchema,
    response: auth.setPasswordResponseSchema,
  },
  registerPushDevice: {
    method: 'POST',
    path: '/notifications/create',
    auth: 'required',
    body: notifications.registerPushDeviceBodySchema,
    response: notifications.registerPushDeviceResponseSchema,
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/notifications/read',
    auth: 'required',
    response: notifications.markNotificationsReadResponseSchema,
  },

  // Courses and lectures
  getCourses: {
    method: 'GET',
    path: '/courses',
    auth: 'optional',
    query: courses.getCoursesQuerySchema,
    response: courses.getCoursesResponseSchema,
  },
  getCourse: {
    method: 'GET',
    path: '/courses/:id',
    auth: 'optional',
    params: idParams,
    response: courses.getCourseResponseSchema,
  },
  joinCourse: {
    method: 'POST',
    path: '/courses/:id/join',
    auth: 'required',
    params: idParams,
    response: courses.joinCourseResponseSchema,
    errors: ['LIMIT_EXCEEDED', 'ALREADY_JOINED'],
  },
  purchaseCourse: {
    method: 'POST',
    path: '/courses/:id/purchase',
    auth: 'required',
    params: idParams,
    body: courses.purchaseCourseBodySchema,
    response: courses.purchaseCourseResponseSchema,
    errors: PURCHASE_ERRORS,
  },
  purchaseLecture: {
    method: 'POST',
    path: '/lectures/:id/purchase',
    auth: 'required',
    params: idParams,
    body: lectures.purchaseLectureBodySchema,
    response: lectures.purchaseLectureResponseSchema,
    errors: PURCHASE_ERRORS,
  },
  getLectureContents: {
    method: 'GET',
    path: '/lectures/:id/contents',
    auth: 'required',
    params: idParams,
    response: lectures.getLectureContentsResponseSchema,
  },
  getVideo: {
    method: 'GET',
    path: '/video/apps/:id',
    auth: 'required',
    params: idParams,
    response: videos.getVideoResponseSchema,
  },
  getTeachers: {
    method: 'GET',
    path: '/teachers',
    auth: 'required',
    response: teachers.getTeachersResponseSchema,
    errors: ['FEATURE_DISABLED'],
  },
  getTeacher: {
    method: 'GET',
    path: '/teachers/:id',
    auth: 'optional',
    params: idParams,
    response: teachers.getTeacherResponseSchema,
  },

  // Exams
  getExamDetails: {
    method: 'GET',
    path: '/exams/details',
    auth: 'required',
    query: exams.getExamDetailsQuerySchema,
    response: exams.getExamDetailsResponseSchema,
    errors: ['EXAM_NOT_FOUND', 'EXAM_NOT_STARTED', 'EXAM_ENDED'],
  },
  startExamSession: {
    method: 'POST',
    path: '/exams/session',
    auth: 'required',
    body: exams.startExamSessionBodySchema,
    response: exams.startExamSessionResponseSchema,
    errors: ['EXAM_NOT_FOUND', 'EXAM_NOT_ACTIVE'],
  },
  getExamSession: {
    method: 'GET',
    path: '/exams/session',
    auth: 'required',
    query: exams.getExamSessionQuerySchema,
    response: exams.getExamSessionResponseSchema,
    errors: ['SESSION_NOT_FOUND'],
  },
  saveExamAnswers: {
    method: 'POST',
    path: '/exams/session/answers',
    auth: 'required',
    body: exams.saveExamAnswersBodySchema,
    response: exams.saveExamAnswersResponseSchema,
    errors: ['SESSION_NOT_FOUND', 'SESSION_ENDED'],
  },
  saveExamImageAnswer: {
    method: 'POST',
    path: '/exams/session/answers/image',
    auth: 'required',
    body: exams.saveExamImageAnswerBodySchema,
    multipart: true,
    response: exams.saveExamImageAnswerResponseSchema,
    errors: ['SESSION_NOT_FOUND', 'SESSION_ENDED'],
  },
  submitExamSession: {
    method: 'POST',
    path: '/exams/session/submit',
    auth: 'required',
    body: exams.submitExamSessionBodySchema,
    response: exams.submitExamSessionResponseSchema,
    errors: ['SESSION_NOT_FOUND'],
  },
  getExamResults: {
    method: 'GET',
    path: '/exams/results',
    auth: 'required',
    response: exams.getExamResultsResponseSchema,
  },
  getHomeworkResults: {
    method: 'GET',
    path: '/exams/homeworks/results',
    auth: 'required',
    response: exams.getHomeworkResultsResponseSchema,
  },

  // Wallet
  getWallet: {
    method: 'GET',
    path: '/wallet',
    auth: 'required',
    query: wallet.getWalletQuerySchema,
    response: wallet.getWalletResponseSchema,
    errors: ['FEATURE_DISABLED'],
  },
  transferBalance: {
    method: 'POST',
    path: '/wallet/transfer',
    auth: 'required',
    body: wallet.transferBalanceBodySchema,
    response: wallet.transferBalanceResponseSchema,
    errors: [
      'NO_ENOUGH_BALANCE',
      'WALLET_NOT_FOUND',
      'CANNOT_TRANSFER_TO_YOURSELF',
      'FEATURE_DISABLED',
    ],
  },
  rechargeMobileWallet: {
    method: 'POST',
    path: '/wallet/recharge/mobile-wallet',
    auth: 'required',
    body: wallet.rechargeMobileWalletBodySchema,
    multipart: true,
    response: wallet.rechargeMobileWalletResponseSchema,
    errors: ['LESS_THAN_MIN_AMOUNT', 'FEATURE_DISABLED'],
  },
  rechargeCard: {
    method: 'POST',
    path: '/wallet/recharge/recharge-card',
    auth: 'required',
    body: wallet.rechargeCardBodySchema,
    response: wallet.rechargeCardResponseSchema,
    errors: [...PAYCARD_ERRORS, 'FEATURE_DISABLED'],
  },
  createPaymobCardOrder: paymentOrder(
    '/wallet/paymob/order/card',
    wallet.createPaymobOrderResponseSchema,
  ),
  createPaymobWalletOrder: paymentOrder(
    '/wallet/paymob/order/wallet',
    wallet.createPaymobOrderResponseSchema,
  ),
  createPaymobKioskOrder: paymentOrder(
    '/wallet/paymob/order/kiosk',
    wallet.createPaymobOrderResponseSchema,
  ),
  createPaymobInstallmentOrder: paymentOrder(
    '/wallet/paymob/order/installment',
    wallet.createPaymobOrderResponseSchema,
  ),
  createFawryOrder: paymentOrder('/wallet/fawry/order', wallet.createFawryOrderResponseSchema),
  createFawryStagingOrder: paymentOrder(
    '/wallet/fawry/order/staging',
    wallet.createFawryOrderResponseSchema,
  ),
  createKashierOrder: paymentOrder(
    '/wallet/kashier/order',
    wallet.createKashierOrderResponseSchema,
  ),

  // Profile and support
  getProfile: {
    method: 'GET',
    path: '/profile',
    auth: 'required',
    response: profile.getProfileResponseSchema,
  },
  updateAvatar: {
    method: 'POST',
    path: '/profile/avatar',
    auth: 'required',
    body: profile.updateAvatarBodySchema,
    multipart: true,
    response: profile.updateAvatarResponseSchema,
  },
  updateProfile: {
    method: 'PUT',
    path: '/profile',
    auth: 'required',
    body: profile.updateProfileBodySchema,
    response: profile.updateProfileResponseSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/profile/password',
    auth: 'required',
    body: profile.changePasswordBodySchema,
    response: profile.changePasswordResponseSchema,
    errors: ['WRONG_OLD_PASSWORD'],
  },
  createSupportTicket: {
    method: 'POST',
    path: '/support-tickets',
    auth: 'optional',
    body: support.createSupportTicketBodySchema,
    response: support.createSupportTicketResponseSchema,
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The gateway order call behind each online recharge method; the other two have their own. */
export const PAYMENT_ORDER_ENDPOINTS = {
  paymob_card: 'createPaymobCardOrder',
  paymob_wallet: 'createPaymobWalletOrder',
  paymob_kiosk: 'createPaymobKioskOrder',
  paymob_installment: 'createPaymobInstallmentOrder',
  fawry: 'createFawryOrder',
  fawry_staging: 'createFawryStagingOrder',
  kashier: 'createKashierOrder',
} as const satisfies Record<
  Exclude<RechargeMethod, 'recharge_card' | 'mobile_wallets'>,
  EndpointName
>;

/**
 * Fills the `:name` params of an endpoint path; values are URI-encoded.
 * @example fillPath(endpoints.getCourse.path, { id: 7 }) // '/courses/7'
 */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path param "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
