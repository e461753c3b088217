// Written by `npm run contract:routes` from endpoints.ts: do not edit by hand (ADR 041).
import type { Endpoints } from './endpoints';
import type { EndpointRoute } from './route';

/**
 * The student app's calls by name, without their schemas: the app calls through these and
 * loads no zod on its first screen (ADR 041). Each is typed by the entry of the same name.
 * @example callEndpoint(routes.getCourse, { params: { id: 7 } })
 */
export const routes = {
  getApp: { name: 'getApp', method: 'GET', path: '/app' },
  getHome: { name: 'getHome', method: 'GET', path: '/home' },
  getWelcome: { name: 'getWelcome', method: 'GET', path: '/welcome' },
  getAuthUser: { name: 'getAuthUser', method: 'POST', path: '/auth/user' },
  register: { name: 'register', method: 'POST', path: '/register' },
  login: { name: 'login', method: 'POST', path: '/login' },
  logout: { name: 'logout', method: 'POST', path: '/logout' },
  logoutAll: { name: 'logoutAll', method: 'POST', path: '/logout/all' },
  checkStudentInvitation: {
    name: 'checkStudentInvitation',
    method: 'POST',
    path: '/invitation/check',
  },
  acceptStudentInvitation: {
    name: 'acceptStudentInvitation',
    method: 'POST',
    path: '/invitation/accept',
  },
  requestPasswordReset: { name: 'requestPasswordReset', method: 'POST', path: '/password/reset' },
  validatePasswordReset: {
    name: 'validatePasswordReset',
    method: 'POST',
    path: '/password/reset/validate',
  },
  resetPassword: { name: 'resetPassword', method: 'POST', path: '/password/reset/confirm/:token' },
  verifyEmail: { name: 'verifyEmail', method: 'POST', path: '/verify' },
  sendVerification: { name: 'sendVerification', method: 'POST', path: '/verify/send' },
  setPassword: { name: 'setPassword', method: 'POST', path: '/password' },
  registerPushDevice: { name: 'registerPushDevice', method: 'POST', path: '/notifications/create' },
  markNotificationsRead: {
    name: 'markNotificationsRead',
    method: 'POST',
    path: '/notifications/read',
  },
  getCourses: { name: 'getCourses', method: 'GET', path: '/courses' },
  getCourse: { name: 'getCourse', method: 'GET', path: '/courses/:id' },
  joinCourse: { name: 'joinCourse', method: 'POST', path: '/courses/:id/join' },
  purchaseCourse: { name: 'purchaseCourse', method: 'POST', path: '/courses/:id/purchase' },
  purchaseLecture: { name: 'purchaseLecture', method: 'POST', path: '/lectures/:id/purchase' },
  getLectureContents: { name: 'getLectureContents', method: 'GET', path: '/lectures/:id/contents' },
  getVideo: { name: 'getVideo', method: 'GET', path: '/video/apps/:id' },
  countVideoView: { name: 'countVideoView', method: 'POST', path: '/video/views' },
  recordVideoProgress: { name: 'recordVideoProgress', method: 'POST', path: '/video/progress' },
  getCourseProgress: { name: 'getCourseProgress', method: 'GET', path: '/courses/:id/progress' },
  streamVideo: { name: 'streamVideo', method: 'GET', path: '/video/stream/:id' },
  hlsMaster: { name: 'hlsMaster', method: 'GET', path: '/video/hls/:id/master.m3u8' },
  hlsVariant: { name: 'hlsVariant', method: 'GET', path: '/video/hls/:id/:variant/index.m3u8' },
  hlsSegment: { name: 'hlsSegment', method: 'GET', path: '/video/hls/:id/:variant/:segment' },
  hlsKey: { name: 'hlsKey', method: 'GET', path: '/video/hls/:id/key' },
  hlsImage: { name: 'hlsImage', method: 'GET', path: '/video/hls/:id/images/:image' },
  downloadAttachment: {
    name: 'downloadAttachment',
    method: 'GET',
    path: '/attachments/:id/download',
  },
  getTeachers: { name: 'getTeachers', method: 'GET', path: '/teachers' },
  getTeacher: { name: 'getTeacher', method: 'GET', path: '/teachers/:id' },
  getExamDetails: { name: 'getExamDetails', method: 'GET', path: '/exams/details' },
  startExamSession: { name: 'startExamSession', method: 'POST', path: '/exams/session' },
  getExamSession: { name: 'getExamSession', method: 'GET', path: '/exams/session' },
  saveExamAnswers: { name: 'saveExamAnswers', method: 'POST', path: '/exams/session/answers' },
  saveExamImageAnswer: {
    name: 'saveExamImageAnswer',
    method: 'POST',
    path: '/exams/session/answers/image',
  },
  saveExamEvents: { name: 'saveExamEvents', method: 'POST', path: '/exams/session/events' },
  submitExamSession: { name: 'submitExamSession', method: 'POST', path: '/exams/session/submit' },
  getExamResults: { name: 'getExamResults', method: 'GET', path: '/exams/results' },
  getAnswerImage: { name: 'getAnswerImage', method: 'GET', path: '/exams/answers/:id/image' },
  getHomeworkResults: {
    name: 'getHomeworkResults',
    method: 'GET',
    path: '/exams/homeworks/results',
  },
  getWallet: { name: 'getWallet', method: 'GET', path: '/wallet' },
  transferBalance: { name: 'transferBalance', method: 'POST', path: '/wallet/transfer' },
  lookupTransferRecipient: {
    name: 'lookupTransferRecipient',
    method: 'POST',
    path: '/wallet/transfer/lookup',
  },
  rechargeMobileWallet: {
    name: 'rechargeMobileWallet',
    method: 'POST',
    path: '/wallet/recharge/mobile-wallet',
  },
  rechargeCard: { name: 'rechargeCard', method: 'POST', path: '/wallet/recharge/recharge-card' },
  createPaymobCardOrder: {
    name: 'createPaymobCardOrder',
    method: 'POST',
    path: '/wallet/paymob/order/card',
  },
  createPaymobWalletOrder: {
    name: 'createPaymobWalletOrder',
    method: 'POST',
    path: '/wallet/paymob/order/wallet',
  },
  createPaymobKioskOrder: {
    name: 'createPaymobKioskOrder',
    method: 'POST',
    path: '/wallet/paymob/order/kiosk',
  },
  createPaymobInstallmentOrder: {
    name: 'createPaymobInstallmentOrder',
    method: 'POST',
    path: '/wallet/paymob/order/installment',
  },
  createFawryOrder: { name: 'createFawryOrder', method: 'POST', path: '/wallet/fawry/order' },
  createFawryStagingOrder: {
    name: 'createFawryStagingOrder',
    method: 'POST',
    path: '/wallet/fawry/order/staging',
  },
  createKashierOrder: { name: 'createKashierOrder', method: 'POST', path: '/wallet/kashier/order' },
  getProfile: { name: 'getProfile', method: 'GET', path: '/profile' },
  updateAvatar: { name: 'updateAvatar', method: 'POST', path: '/profile/avatar' },
  updateProfile: { name: 'updateProfile', method: 'PUT', path: '/profile' },
  changePassword: { name: 'changePassword', method: 'POST', path: '/profile/password' },
  getProfileDevices: { name: 'getProfileDevices', method: 'GET', path: '/profile/devices' },
  signOutProfileDevice: {
    name: 'signOutProfileDevice',
    method: 'POST',
    path: '/profile/devices/sign-out',
  },
  signOutOtherDevices: {
    name: 'signOutOtherDevices',
    method: 'POST',
    path: '/profile/devices/sign-out-others',
  },
  createSupportTicket: { name: 'createSupportTicket', method: 'POST', path: '/support-tickets' },
  listSupportTickets: { name: 'listSupportTickets', method: 'GET', path: '/support-tickets' },
  getSupportTicket: { name: 'getSupportTicket', method: 'GET', path: '/support-tickets/:id' },
  replySupportTicket: {
    name: 'replySupportTicket',
    method: 'POST',
    path: '/support-tickets/:id/messages',
  },
  markSupportTicketRead: {
    name: 'markSupportTicketRead',
    method: 'POST',
    path: '/support-tickets/:id/read',
  },
  getGuestSupportTicket: {
    name: 'getGuestSupportTicket',
    method: 'GET',
    path: '/support/follow/:token',
  },
  replyGuestSupportTicket: {
    name: 'replyGuestSupportTicket',
    method: 'POST',
    path: '/support/follow/:token/messages',
  },
} as const satisfies { [N in StudentCallName]: EndpointRoute<N> };

/** The names of the calls that are not the staff console's (a staff role, or a path under /staff/). */
export type StudentCallName = {
  [N in keyof Endpoints]: Endpoints[N] extends { staff: string }
    ? never
    : Endpoints[N]['path'] extends `/staff/${string}`
      ? never
      : N;
}[keyof Endpoints];
