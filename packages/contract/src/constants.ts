/** Business constants and limits of spec §9. Times are in milliseconds unless named otherwise. */
export const APP_VERSION = '1.0.2';
export const API_BASE = '/api/v1';
export const APP_REVEAL_DELAY_MS = 250;
export const DRAWER_WIDTH = 300;
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
export const HOME_SECTION_INITIAL_COUNT = 4;
export const DESCRIPTION_TRUNCATE = { desktop: 350, phone: 200 } as const;
export const CAROUSEL_HEIGHT = { desktop: 450, phone: 165 } as const;
export const SNACKBAR_TIMEOUT_MS = 4000;
export const SNACKBAR_SHORT_TIMEOUT_MS = 2000;
export const MESSAGE_BAR_TIMEOUT_MS = 4000;
/** The transfer-success snackbar is the short one (spec §9). */
export const TRANSFER_SUCCESS_SNACKBAR_MS = SNACKBAR_SHORT_TIMEOUT_MS;

/** Keys of what the device keeps in local storage (spec §3 "stored on the device"). */
export const STORAGE_KEYS = {
  token: 'token',
  /** `{ code, savedAt }` of the last exam code entered. */
  examCode: 'exam_code',
  announcementDismissed: 'announcement_dismissed',
  /** The random id this browser (or the native app) sends as App-Device (ADR 051); kept on sign-out. */
  deviceId: 'device_id',
} as const;

// Notifications
export const NOTIFICATIONS_INITIAL_COUNT = 10;
/** Above this the badge reads '+99'. */
export const NOTIFICATIONS_BADGE_CAP = 99;
export const NOTIFICATIONS_MARK_READ_DELAY_MS = 2000;
export const RELATIVE_TIME_REFRESH_MS = 20_000;
/** Relative times count a month as 30 days. */
export const RELATIVE_TIME_MONTH_DAYS = 30;

// Exams
/** The countdown chip turns orange below this many seconds… */
export const EXAM_TIMER_WARNING_SECONDS = 600;
/** …and red below this many. */
export const EXAM_TIMER_DANGER_SECONDS = 180;
/** The server's remaining time replaces the local countdown when they differ by more. */
export const EXAM_TIMER_RESYNC_SECONDS = 2;
export const ESSAY_SEND_DEBOUNCE_MS = 1000;
export const ESSAY_TEXTAREA_ROWS = 6;
/** Essay answers longer than this are bounded on the server. */
export const ESSAY_ANSWER_MAX_LENGTH = 10_000;
/** Answers longer than this (or with an image) take a row each. */
export const LONG_ANSWER_CHARS = 40;
/** An automatic submit at time-out is retried this many times. */
export const EXAM_AUTO_SUBMIT_RETRIES = 1;
export const SAVED_EXAM_CODE_TTL_MINUTES = 180;
export const EXAM_CODE_MAX_LENGTH = 64;
/** Largest width of an essay image: in the question (300) and in the review (600). */
export const ESSAY_IMAGE_MAX_PX = { inline: 300, review: 600 } as const;

// Money and wallet
export const CURRENCY_SUFFIX = 'جنيه';
export const MONEY_DECIMALS = 2;
export const WALLET_TRANSACTION_NAME_MAX = 25;
/** The smallest transfer the server accepts, in pounds. */
export const TRANSFER_MIN_AMOUNT = 0.5;
/** The transfer form's input starts at 1 (spec §5), above the server's minimum. */
export const TRANSFER_INPUT_MIN = 1;
/** A single method or payment option is preselected after this delay. */
export const SINGLE_OPTION_PRESELECT_DELAY_MS = 500;

// Accounts
export const PASSWORD_MIN_LENGTH = 8;
/** Length of the e-mail verification and password-reset codes (ADR 000: Password reset). */
export const VERIFICATION_CODE_LENGTH = 6;
/** Our bound on one uploaded file (avatar, answer image, payment receipt, staff pictures). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Our bound on a lecture's attachment (a PDF or an Office file). */
export const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
/** An account deletion request takes this long; the feature is off (spec §9). */
export const ACCOUNT_DELETION_HOURS = { min: 24, max: 48 } as const;

// Layout
export const QR_CODE = { size: 160, level: 'Q' } as const;
/** Course grid on large screens: 4 columns of short cards, 3 of full cards. */
export const COURSE_GRID_COLUMNS = { shortCard: 4, fullCard: 3 } as const;

// Loading
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * The key `u` and `lc` of GET /video/apps are encrypted with (AES-256-GCM, base64). It ships in
 * every client build, as the spec's "built-in shared secret" does: it only hides urls from
 * casual copying. Playback is protected by the short-lived, student-bound token inside the url
 * and by views counted on the server (ADR 000: Video url encryption).
 */
export const VIDEO_URL_KEY_BASE64 = 'ZGFycy12aWRlby11cmwta2V5LXYxLTIwMjYtMTEtMjI=';

/**
 * A student's devices (ADR 051): the request header that carries the id the app keeps on the
 * device (a random id in the browser's storage, the same in the native wrapper); the server
 * keeps only its hash.
 */
export const DEVICE_HEADER = 'App-Device';

/** What a device id may be: 16 to 128 letters, digits, `-` and `_` (a UUID fits). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The social networks a school may link to (the settings' `social` object). */
export const SOCIAL_NETWORKS = [
  'youtube',
  'facebook',
  'linkedin',
  'telegram',
  'messenger',
  'twitter',
  'tiktok',
  'whatsapp',
] as const;

/** The `type` of the message the player page posts to the page framing it (`calls/videos.ts`). */
export const VIDEO_VIEW_MESSAGE_TYPE = 'dars:video-view';
