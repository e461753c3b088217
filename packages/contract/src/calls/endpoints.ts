import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { RechargeMethod } from '../entities/settings';
import * as auth from './auth';
import * as courses from './courses';
import * as devices from './devices';
import * as exams from './exams';
import * as home from './home';
import * as lectures from './lectures';
import * as notifications from './notifications';
import * as profile from './profile';
import * as settings from './settings';
import * as support from './support';
import * as teachers from './teachers';
import * as videos from './videos';
import * as attachments from './attachments';
import * as wallet from './wallet';
import * as studentInvitation from './student-invitation';
import * as progress from './progress';
import { staffEndpoints } from './staff-endpoints';
import type { StaffRole } from './staff';
import type { UploadLimit } from './upload-limit';
import { UPLOAD_MAX_BYTES } from '../constants';
import type { HttpMethod } from './route';

/**
 * How a call knows its student: `required` (a bearer token, 401 without one), `optional` (the
 * token is used when present), `signed-link` (no bearer header: a link the server signed
 * carries who may use it, for links a browser opens by itself: downloads, the video stream).
 */
export type EndpointAuth = 'required' | 'optional' | 'signed-link';

/**
 * One call: a spec §7 call or one of ours. `path` is relative to API_BASE with `:name` params.
 * `errors` lists the §8 codes the call may answer besides TRANSPORT_ERROR_CODES, which every
 * call may give.
 */
export interface JsonEndpointDef {
  method: HttpMethod;
  path: `/${string}`;
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is multipart/form-data (it carries a file). */
  multipart?: true;
  /** With `multipart`: the file's field and its most bytes. */
  upload?: UploadLimit;
  /** The JSON body of the 200 answer. */
  response: z.ZodType;
  errors?: readonly ErrorCode[];
  /** Staff calls (staff-endpoints.ts): the least role that may make it. */
  staff?: StaffRole;
  /** A staff call a teacher may make too, on what is theirs (ADR 048); closed to them without it. */
  teacher?: true;
  file?: never;
}

/** A call that answers a file (with range requests) instead of JSON; errors are JSON. */
export interface FileEndpointDef {
  method: 'GET';
  path: `/${string}`;
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  /** What the 200 answer may be, e.g. `video/mp4`; `*` for a file of any type. */
  file: string;
  errors?: readonly ErrorCode[];
  staff?: StaffRole;
  teacher?: true;
  body?: never;
  multipart?: never;
  upload?: never;
  response?: never;
}

export type EndpointDef = JsonEndpointDef | FileEndpointDef;

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

const paymentOrder = <R extends z.ZodType>(path: `/${string}`, response: R) =>
  ({
    method: 'POST',
    path,
    auth: 'required',
    body: wallet.createPaymentOrderBodySchema,
    response,
    errors: ['LESS_THAN_MIN_AMOUNT', 'FEATURE_DISABLED'],
  }) as const;

// Session, settings, home
export const getAppEndpoint = {
  method: 'GET',
  path: '/app',
  auth: 'optional',
  response: settings.getAppResponseSchema,
} as const satisfies EndpointDef;

export const getHomeEndpoint = {
  method: 'GET',
  path: '/home',
  auth: 'required',
  response: home.getHomeResponseSchema,
} as const satisfies EndpointDef;

export const getWelcomeEndpoint = {
  method: 'GET',
  path: '/welcome',
  auth: 'optional',
  response: courses.getWelcomeResponseSchema,
} as const satisfies EndpointDef;

export const getAuthUserEndpoint = {
  method: 'POST',
  path: '/auth/user',
  auth: 'required',
  response: auth.getAuthUserResponseSchema,
} as const satisfies EndpointDef;

export const registerEndpoint = {
  method: 'POST',
  path: '/register',
  auth: 'optional',
  body: auth.registerBodySchema,
  response: auth.registerResponseSchema,
  errors: ['DEVICE_LIMIT_REACHED'],
} as const satisfies EndpointDef;

export const loginEndpoint = {
  method: 'POST',
  path: '/login',
  auth: 'optional',
  body: auth.loginBodySchema,
  response: auth.loginResponseSchema,
  // A device more than the school allows (ADR 051), told after the right password only.
  errors: ['INVALID_CREDENTIALS', 'DEVICE_LIMIT_REACHED'],
} as const satisfies EndpointDef;

export const logoutEndpoint = {
  method: 'POST',
  path: '/logout',
  auth: 'required',
  response: auth.logoutResponseSchema,
} as const satisfies EndpointDef;

/** Our own call (not in spec §7): signs the student out on every device. */
export const logoutAllEndpoint = {
  method: 'POST',
  path: '/logout/all',
  auth: 'required',
  response: auth.logoutAllResponseSchema,
} as const satisfies EndpointDef;

/**
 * A student brought in by the school (ADR 052) opens the set-password link it sent: whose it
 * is (to greet them), then the password, which signs them in on this device.
 */
export const checkStudentInvitationEndpoint = {
  method: 'POST',
  path: '/invitation/check',
  auth: 'optional',
  body: studentInvitation.studentInvitationTokenBodySchema,
  response: studentInvitation.studentInvitationCheckResponseSchema,
  errors: ['INVALID_CODE'],
} as const satisfies EndpointDef;

export const acceptStudentInvitationEndpoint = {
  method: 'POST',
  path: '/invitation/accept',
  auth: 'optional',
  body: studentInvitation.studentInvitationAcceptBodySchema,
  response: auth.loginResponseSchema,
  errors: ['INVALID_CODE', 'DEVICE_LIMIT_REACHED'],
} as const satisfies EndpointDef;

export const requestPasswordResetEndpoint = {
  method: 'POST',
  path: '/password/reset',
  auth: 'optional',
  body: auth.requestPasswordResetBodySchema,
  response: auth.requestPasswordResetResponseSchema,
} as const satisfies EndpointDef;

export const validatePasswordResetEndpoint = {
  method: 'POST',
  path: '/password/reset/validate',
  auth: 'optional',
  body: auth.validatePasswordResetBodySchema,
  response: auth.validatePasswordResetResponseSchema,
  errors: ['INVALID_CODE'],
} as const satisfies EndpointDef;

/** The client posts to the url returned by validatePasswordReset, which has this form. */
export const resetPasswordEndpoint = {
  method: 'POST',
  path: '/password/reset/confirm/:token',
  auth: 'optional',
  params: auth.resetPasswordParamsSchema,
  body: auth.resetPasswordBodySchema,
  response: auth.resetPasswordResponseSchema,
  errors: ['INVALID_CODE'],
} as const satisfies EndpointDef;

export const verifyEmailEndpoint = {
  method: 'POST',
  path: '/verify',
  auth: 'required',
  body: auth.verifyEmailBodySchema,
  response: auth.verifyEmailResponseSchema,
  errors: ['INVALID_CODE'],
} as const satisfies EndpointDef;

export const sendVerificationEndpoint = {
  method: 'POST',
  path: '/verify/send',
  auth: 'required',
  response: auth.sendVerificationResponseSchema,
} as const satisfies EndpointDef;

export const setPasswordEndpoint = {
  method: 'POST',
  path: '/password',
  auth: 'required',
  body: auth.setPasswordBodySchema,
  response: auth.setPasswordResponseSchema,
  errors: ['DEVICE_LIMIT_REACHED'],
} as const satisfies EndpointDef;

export const registerPushDeviceEndpoint = {
  method: 'POST',
  path: '/notifications/create',
  auth: 'required',
  body: notifications.registerPushDeviceBodySchema,
  response: notifications.registerPushDeviceResponseSchema,
} as const satisfies EndpointDef;

export const markNotificationsReadEndpoint = {
  method: 'POST',
  path: '/notifications/read',
  auth: 'required',
  response: notifications.markNotificationsReadResponseSchema,
} as const satisfies EndpointDef;

// Courses and lectures
export const getCoursesEndpoint = {
  method: 'GET',
  path: '/courses',
  auth: 'optional',
  query: courses.getCoursesQuerySchema,
  response: courses.getCoursesResponseSchema,
} as const satisfies EndpointDef;

export const getCourseEndpoint = {
  method: 'GET',
  path: '/courses/:id',
  auth: 'optional',
  params: idParams,
  response: courses.getCourseResponseSchema,
} as const satisfies EndpointDef;

export const joinCourseEndpoint = {
  method: 'POST',
  path: '/courses/:id/join',
  auth: 'required',
  params: idParams,
  response: courses.joinCourseResponseSchema,
  errors: ['LIMIT_EXCEEDED', 'ALREADY_JOINED'],
} as const satisfies EndpointDef;

export const purchaseCourseEndpoint = {
  method: 'POST',
  path: '/courses/:id/purchase',
  auth: 'required',
  params: idParams,
  body: courses.purchaseCourseBodySchema,
  response: courses.purchaseCourseResponseSchema,
  errors: PURCHASE_ERRORS,
} as const satisfies EndpointDef;

export const purchaseLectureEndpoint = {
  method: 'POST',
  path: '/lectures/:id/purchase',
  auth: 'required',
  params: idParams,
  body: lectures.purchaseLectureBodySchema,
  response: lectures.purchaseLectureResponseSchema,
  errors: PURCHASE_ERRORS,
} as const satisfies EndpointDef;

export const getLectureContentsEndpoint = {
  method: 'GET',
  path: '/lectures/:id/contents',
  auth: 'required',
  params: idParams,
  response: lectures.getLectureContentsResponseSchema,
} as const satisfies EndpointDef;

export const getVideoEndpoint = {
  method: 'GET',
  path: '/video/apps/:id',
  auth: 'required',
  params: idParams,
  response: videos.getVideoResponseSchema,
} as const satisfies EndpointDef;

/** Ours: the player page counts a view once, when playback starts (the token says who). */
export const countVideoViewEndpoint = {
  method: 'POST',
  path: '/video/views',
  auth: 'signed-link',
  body: videos.countVideoViewBodySchema,
  response: videos.countVideoViewResponseSchema,
} as const satisfies EndpointDef;

/** Ours: what the player saw play since its last report (issue 28, ADR 054), batched. */
export const recordVideoProgressEndpoint = {
  method: 'POST',
  path: '/video/progress',
  auth: 'signed-link',
  body: progress.videoProgressBodySchema,
  response: progress.videoProgressResponseSchema,
} as const satisfies EndpointDef;

/** Ours: the student's progress in a course they joined: what's watched, opened, taken, left. */
export const getCourseProgressEndpoint = {
  method: 'GET',
  path: '/courses/:id/progress',
  auth: 'required',
  params: idParams,
  response: progress.courseProgressResponseSchema,
  errors: ['NOT_FOUND'],
} as const satisfies EndpointDef;

/** Ours: the video itself, by range requests, for the player page's signed token. */
export const streamVideoEndpoint = {
  method: 'GET',
  path: '/video/stream/:id',
  auth: 'signed-link',
  params: idParams,
  query: videos.videoTokenQuerySchema,
  file: 'video/mp4',
} as const satisfies EndpointDef;

/**
 * Ours (ADR 055): a video's HLS master playlist for the player page's signed token; its
 * renditions' playlists, their segments (by the token each playlist signs), the AES-128 key
 * (refused past the view limit unless this opening's view was the one counted) and the poster
 * and seek thumbnails.
 */
export const hlsMasterEndpoint = {
  method: 'GET',
  path: '/video/hls/:id/master.m3u8',
  auth: 'signed-link',
  params: idParams,
  query: videos.videoTokenQuerySchema,
  file: 'application/vnd.apple.mpegurl',
} as const satisfies EndpointDef;

export const hlsVariantEndpoint = {
  method: 'GET',
  path: '/video/hls/:id/:variant/index.m3u8',
  auth: 'signed-link',
  params: videos.hlsVariantParamsSchema,
  query: videos.videoTokenQuerySchema,
  file: 'application/vnd.apple.mpegurl',
} as const satisfies EndpointDef;

export const hlsSegmentEndpoint = {
  method: 'GET',
  path: '/video/hls/:id/:variant/:segment',
  auth: 'signed-link',
  params: videos.hlsSegmentParamsSchema,
  query: videos.hlsSegmentQuerySchema,
  file: 'video/mp2t',
} as const satisfies EndpointDef;

export const hlsKeyEndpoint = {
  method: 'GET',
  path: '/video/hls/:id/key',
  auth: 'signed-link',
  params: idParams,
  query: videos.videoTokenQuerySchema,
  file: 'application/octet-stream',
} as const satisfies EndpointDef;

export const hlsImageEndpoint = {
  method: 'GET',
  path: '/video/hls/:id/images/:image',
  auth: 'signed-link',
  params: videos.hlsImageParamsSchema,
  query: videos.videoTokenQuerySchema,
  file: 'image/jpeg',
} as const satisfies EndpointDef;

/** Ours: an attachment of a lecture, by the signed link that GET /lectures/{id}/contents gives. */
export const downloadAttachmentEndpoint = {
  method: 'GET',
  path: '/attachments/:id/download',
  auth: 'signed-link',
  params: idParams,
  query: attachments.downloadAttachmentQuerySchema,
  file: '*',
} as const satisfies EndpointDef;

export const getTeachersEndpoint = {
  method: 'GET',
  path: '/teachers',
  auth: 'required',
  response: teachers.getTeachersResponseSchema,
  errors: ['FEATURE_DISABLED'],
} as const satisfies EndpointDef;

export const getTeacherEndpoint = {
  method: 'GET',
  path: '/teachers/:id',
  auth: 'optional',
  params: idParams,
  response: teachers.getTeacherResponseSchema,
} as const satisfies EndpointDef;

// Exams
export const getExamDetailsEndpoint = {
  method: 'GET',
  path: '/exams/details',
  auth: 'required',
  query: exams.getExamDetailsQuerySchema,
  response: exams.getExamDetailsResponseSchema,
  errors: ['EXAM_NOT_FOUND', 'EXAM_NOT_STARTED', 'EXAM_ENDED'],
} as const satisfies EndpointDef;

export const startExamSessionEndpoint = {
  method: 'POST',
  path: '/exams/session',
  auth: 'required',
  body: exams.startExamSessionBodySchema,
  response: exams.startExamSessionResponseSchema,
  errors: ['EXAM_NOT_FOUND', 'EXAM_NOT_ACTIVE'],
} as const satisfies EndpointDef;

export const getExamSessionEndpoint = {
  method: 'GET',
  path: '/exams/session',
  auth: 'required',
  query: exams.getExamSessionQuerySchema,
  response: exams.getExamSessionResponseSchema,
  errors: ['SESSION_NOT_FOUND'],
} as const satisfies EndpointDef;

export const saveExamAnswersEndpoint = {
  method: 'POST',
  path: '/exams/session/answers',
  auth: 'required',
  body: exams.saveExamAnswersBodySchema,
  response: exams.saveExamAnswersResponseSchema,
  errors: ['SESSION_NOT_FOUND', 'SESSION_ENDED'],
} as const satisfies EndpointDef;

export const saveExamImageAnswerEndpoint = {
  method: 'POST',
  path: '/exams/session/answers/image',
  auth: 'required',
  body: exams.saveExamImageAnswerBodySchema,
  multipart: true,
  upload: { field: 'answer_image', maxBytes: UPLOAD_MAX_BYTES },
  response: exams.saveExamImageAnswerResponseSchema,
  errors: ['SESSION_NOT_FOUND', 'SESSION_ENDED'],
} as const satisfies EndpointDef;

export const submitExamSessionEndpoint = {
  method: 'POST',
  path: '/exams/session/submit',
  auth: 'required',
  body: exams.submitExamSessionBodySchema,
  response: exams.submitExamSessionResponseSchema,
  errors: ['SESSION_NOT_FOUND'],
} as const satisfies EndpointDef;

export const saveExamEventsEndpoint = {
  method: 'POST',
  path: '/exams/session/events',
  auth: 'required',
  body: exams.saveExamEventsBodySchema,
  response: exams.saveExamEventsResponseSchema,
  errors: ['SESSION_NOT_FOUND'],
} as const satisfies EndpointDef;

export const getExamResultsEndpoint = {
  method: 'GET',
  path: '/exams/results',
  auth: 'required',
  response: exams.getExamResultsResponseSchema,
} as const satisfies EndpointDef;

export const getHomeworkResultsEndpoint = {
  method: 'GET',
  path: '/exams/homeworks/results',
  auth: 'required',
  response: exams.getHomeworkResultsResponseSchema,
} as const satisfies EndpointDef;

/** The image attached to an essay answer: only through the signed link its answer carries. */
export const getAnswerImageEndpoint = {
  method: 'GET',
  path: '/exams/answers/:id/image',
  auth: 'signed-link',
  params: idParams,
  query: exams.getAnswerImageQuerySchema,
  file: 'image/*',
} as const satisfies EndpointDef;

// Wallet
export const getWalletEndpoint = {
  method: 'GET',
  path: '/wallet',
  auth: 'required',
  query: wallet.getWalletQuerySchema,
  response: wallet.getWalletResponseSchema,
  errors: ['FEATURE_DISABLED'],
} as const satisfies EndpointDef;

export const transferBalanceEndpoint = {
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
} as const satisfies EndpointDef;

/**
 * Who receives a transfer, shown before «تأكيد التحويل»: refused like the transfer would be
 * (switches, unknown or own address, a wallet that takes no transfers) and rate-limited per
 * student and per address, so addresses cannot be swept for names (ADR 038).
 */
export const lookupTransferRecipientEndpoint = {
  method: 'POST',
  path: '/wallet/transfer/lookup',
  auth: 'required',
  body: wallet.lookupTransferRecipientBodySchema,
  response: wallet.lookupTransferRecipientResponseSchema,
  errors: ['WALLET_NOT_FOUND', 'CANNOT_TRANSFER_TO_YOURSELF', 'FEATURE_DISABLED'],
} as const satisfies EndpointDef;

export const rechargeMobileWalletEndpoint = {
  method: 'POST',
  path: '/wallet/recharge/mobile-wallet',
  auth: 'required',
  body: wallet.rechargeMobileWalletBodySchema,
  multipart: true,
  upload: { field: 'attachment', maxBytes: UPLOAD_MAX_BYTES },
  response: wallet.rechargeMobileWalletResponseSchema,
  errors: ['LESS_THAN_MIN_AMOUNT', 'FEATURE_DISABLED'],
} as const satisfies EndpointDef;

export const rechargeCardEndpoint = {
  method: 'POST',
  path: '/wallet/recharge/recharge-card',
  auth: 'required',
  body: wallet.rechargeCardBodySchema,
  response: wallet.rechargeCardResponseSchema,
  // A card made for one course or lecture is for buying it, not for the wallet (ADR 018).
  errors: [...PAYCARD_ERRORS, 'PAYCARD_TARGET_VALIDATION_FAILD', 'FEATURE_DISABLED'],
} as const satisfies EndpointDef;

export const createPaymobCardOrderEndpoint = paymentOrder(
  '/wallet/paymob/order/card',
  wallet.createPaymobOrderResponseSchema,
);

export const createPaymobWalletOrderEndpoint = paymentOrder(
  '/wallet/paymob/order/wallet',
  wallet.createPaymobOrderResponseSchema,
);

export const createPaymobKioskOrderEndpoint = paymentOrder(
  '/wallet/paymob/order/kiosk',
  wallet.createPaymobOrderResponseSchema,
);

export const createPaymobInstallmentOrderEndpoint = paymentOrder(
  '/wallet/paymob/order/installment',
  wallet.createPaymobOrderResponseSchema,
);

export const createFawryOrderEndpoint = paymentOrder(
  '/wallet/fawry/order',
  wallet.createFawryOrderResponseSchema,
);

export const createFawryStagingOrderEndpoint = paymentOrder(
  '/wallet/fawry/order/staging',
  wallet.createFawryOrderResponseSchema,
);

export const createKashierOrderEndpoint = paymentOrder(
  '/wallet/kashier/order',
  wallet.createKashierOrderResponseSchema,
);

// Profile and support
export const getProfileEndpoint = {
  method: 'GET',
  path: '/profile',
  auth: 'required',
  response: profile.getProfileResponseSchema,
} as const satisfies EndpointDef;

export const updateAvatarEndpoint = {
  method: 'POST',
  path: '/profile/avatar',
  auth: 'required',
  body: profile.updateAvatarBodySchema,
  multipart: true,
  upload: { field: 'avatar', maxBytes: UPLOAD_MAX_BYTES },
  response: profile.updateAvatarResponseSchema,
} as const satisfies EndpointDef;

export const updateProfileEndpoint = {
  method: 'PUT',
  path: '/profile',
  auth: 'required',
  body: profile.updateProfileBodySchema,
  response: profile.updateProfileResponseSchema,
} as const satisfies EndpointDef;

export const changePasswordEndpoint = {
  method: 'POST',
  path: '/profile/password',
  auth: 'required',
  body: profile.changePasswordBodySchema,
  response: profile.changePasswordResponseSchema,
  errors: ['WRONG_OLD_PASSWORD'],
} as const satisfies EndpointDef;

/**
 * Ours (issue 28, ADR 051): the student's devices and sessions, with the school's limit; the
 * one asking is `current`.
 */
export const getProfileDevicesEndpoint = {
  method: 'GET',
  path: '/profile/devices',
  auth: 'required',
  response: devices.getProfileDevicesResponseSchema,
} as const satisfies EndpointDef;

/**
 * Ours: signs one device (or a session without one) out and forgets the device, so its place
 * under the school's limit is free; another student's is 404.
 */
export const signOutProfileDeviceEndpoint = {
  method: 'POST',
  path: '/profile/devices/sign-out',
  auth: 'required',
  body: devices.signOutDeviceBodySchema,
  response: devices.devicesChangeResponseSchema,
} as const satisfies EndpointDef;

/** Ours: signs out and forgets every device but this one (409 when there is none). */
export const signOutOtherDevicesEndpoint = {
  method: 'POST',
  path: '/profile/devices/sign-out-others',
  auth: 'required',
  response: devices.devicesChangeResponseSchema,
  errors: ['CONFLICT'],
} as const satisfies EndpointDef;

export const createSupportTicketEndpoint = {
  method: 'POST',
  path: '/support-tickets',
  auth: 'optional',
  body: support.createSupportTicketBodySchema,
  response: support.createSupportTicketResponseSchema,
} as const satisfies EndpointDef;

/** Ours (issue 24, ADR 039): the signed-in student's tickets, «رسائلي», newest activity first. */
export const listSupportTicketsEndpoint = {
  method: 'GET',
  path: '/support-tickets',
  auth: 'required',
  query: support.listSupportTicketsQuerySchema,
  response: support.listSupportTicketsResponseSchema,
} as const satisfies EndpointDef;

/** Ours: one of the student's own tickets with its conversation (anyone else's is 404). */
export const getSupportTicketEndpoint = {
  method: 'GET',
  path: '/support-tickets/:id',
  auth: 'required',
  params: idParams,
  response: support.supportConversationResponseSchema,
} as const satisfies EndpointDef;

/** Ours: the student writes in their ticket; an answered one is open again, a closed one 409. */
export const replySupportTicketEndpoint = {
  method: 'POST',
  path: '/support-tickets/:id/messages',
  auth: 'required',
  params: idParams,
  body: support.supportReplyBodySchema,
  response: support.supportConversationResponseSchema,
  errors: ['CONFLICT'],
} as const satisfies EndpointDef;

/** Ours: the student has read the ticket (and its reply notifications). */
export const markSupportTicketReadEndpoint = {
  method: 'POST',
  path: '/support-tickets/:id/read',
  auth: 'required',
  params: idParams,
  response: support.markSupportTicketReadResponseSchema,
} as const satisfies EndpointDef;

/** Ours: a guest's ticket by the follow link's token, no account needed; wrong tokens are limited. */
export const getGuestSupportTicketEndpoint = {
  method: 'GET',
  path: '/support/follow/:token',
  auth: 'optional',
  params: support.supportFollowParamsSchema,
  response: support.guestSupportConversationResponseSchema,
} as const satisfies EndpointDef;

/** Ours: the guest writes in their ticket by the follow link (a closed one is 409). */
export const replyGuestSupportTicketEndpoint = {
  method: 'POST',
  path: '/support/follow/:token/messages',
  auth: 'optional',
  params: support.supportFollowParamsSchema,
  body: support.supportReplyBodySchema,
  response: support.guestSupportConversationResponseSchema,
  errors: ['CONFLICT'],
} as const satisfies EndpointDef;

/**
 * Every call of spec §7, by name. The server registers routes from it and the web client
 * builds its fetchers from it, so a path or a schema is written once.
 * Built in a function marked pure: a bundle that names only single calls (the web client) leaves
 * it out, and with it the staff console's calls and their schemas (ADR 011).
 * @example endpoints.getCourse.response.parse(await res.json())
 */
export const endpoints = /* @__PURE__ */ (() =>
  ({
    getApp: getAppEndpoint,
    getHome: getHomeEndpoint,
    getWelcome: getWelcomeEndpoint,
    getAuthUser: getAuthUserEndpoint,
    register: registerEndpoint,
    login: loginEndpoint,
    logout: logoutEndpoint,
    logoutAll: logoutAllEndpoint,
    checkStudentInvitation: checkStudentInvitationEndpoint,
    acceptStudentInvitation: acceptStudentInvitationEndpoint,
    requestPasswordReset: requestPasswordResetEndpoint,
    validatePasswordReset: validatePasswordResetEndpoint,
    resetPassword: resetPasswordEndpoint,
    verifyEmail: verifyEmailEndpoint,
    sendVerification: sendVerificationEndpoint,
    setPassword: setPasswordEndpoint,
    registerPushDevice: registerPushDeviceEndpoint,
    markNotificationsRead: markNotificationsReadEndpoint,
    getCourses: getCoursesEndpoint,
    getCourse: getCourseEndpoint,
    joinCourse: joinCourseEndpoint,
    purchaseCourse: purchaseCourseEndpoint,
    purchaseLecture: purchaseLectureEndpoint,
    getLectureContents: getLectureContentsEndpoint,
    getVideo: getVideoEndpoint,
    countVideoView: countVideoViewEndpoint,
    recordVideoProgress: recordVideoProgressEndpoint,
    getCourseProgress: getCourseProgressEndpoint,
    streamVideo: streamVideoEndpoint,
    hlsMaster: hlsMasterEndpoint,
    hlsVariant: hlsVariantEndpoint,
    hlsSegment: hlsSegmentEndpoint,
    hlsKey: hlsKeyEndpoint,
    hlsImage: hlsImageEndpoint,
    downloadAttachment: downloadAttachmentEndpoint,
    getTeachers: getTeachersEndpoint,
    getTeacher: getTeacherEndpoint,
    getExamDetails: getExamDetailsEndpoint,
    startExamSession: startExamSessionEndpoint,
    getExamSession: getExamSessionEndpoint,
    saveExamAnswers: saveExamAnswersEndpoint,
    saveExamImageAnswer: saveExamImageAnswerEndpoint,
    saveExamEvents: saveExamEventsEndpoint,
    submitExamSession: submitExamSessionEndpoint,
    getExamResults: getExamResultsEndpoint,
    getAnswerImage: getAnswerImageEndpoint,
    getHomeworkResults: getHomeworkResultsEndpoint,
    getWallet: getWalletEndpoint,
    transferBalance: transferBalanceEndpoint,
    lookupTransferRecipient: lookupTransferRecipientEndpoint,
    rechargeMobileWallet: rechargeMobileWalletEndpoint,
    rechargeCard: rechargeCardEndpoint,
    createPaymobCardOrder: createPaymobCardOrderEndpoint,
    createPaymobWalletOrder: createPaymobWalletOrderEndpoint,
    createPaymobKioskOrder: createPaymobKioskOrderEndpoint,
    createPaymobInstallmentOrder: createPaymobInstallmentOrderEndpoint,
    createFawryOrder: createFawryOrderEndpoint,
    createFawryStagingOrder: createFawryStagingOrderEndpoint,
    createKashierOrder: createKashierOrderEndpoint,
    getProfile: getProfileEndpoint,
    updateAvatar: updateAvatarEndpoint,
    updateProfile: updateProfileEndpoint,
    changePassword: changePasswordEndpoint,
    getProfileDevices: getProfileDevicesEndpoint,
    signOutProfileDevice: signOutProfileDeviceEndpoint,
    signOutOtherDevices: signOutOtherDevicesEndpoint,
    createSupportTicket: createSupportTicketEndpoint,
    listSupportTickets: listSupportTicketsEndpoint,
    getSupportTicket: getSupportTicketEndpoint,
    replySupportTicket: replySupportTicketEndpoint,
    markSupportTicketRead: markSupportTicketReadEndpoint,
    getGuestSupportTicket: getGuestSupportTicketEndpoint,
    replyGuestSupportTicket: replyGuestSupportTicketEndpoint,
    // The staff console's calls (ADR 022).
    ...staffEndpoints,
  }) as const satisfies Record<string, EndpointDef>)();

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
