/** Business constants and limits of spec §9. Times are in milliseconds unless named otherwise. */
export const APP_VERSION = '1.0.2';
export const COPYRIGHT_YEAR = 2023;
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
