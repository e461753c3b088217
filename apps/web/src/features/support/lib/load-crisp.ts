/** Crisp's own loader script (the live-chat widget of spec §2). */
export const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';

type CrispCommand = unknown[];

declare global {
  interface Window {
    $crisp?: CrispCommand[] | { push: (command: CrispCommand) => void };
    CRISP_WEBSITE_ID?: string;
    CRISP_RUNTIME_CONFIG?: { locale?: string };
  }
}

/**
 * Loads the Crisp chat widget for `websiteId`, once per page; later calls do nothing.
 * Crisp queues commands pushed to `window.$crisp` until its script has arrived.
 * @example loadCrisp(settings.crisp_website_id)
 */
export function loadCrisp(websiteId: string): void {
  if (document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`)) return;
  window.$crisp = [];
  window.CRISP_WEBSITE_ID = websiteId;
  window.CRISP_RUNTIME_CONFIG = { locale: 'ar' };
  const script = document.createElement('script');
  script.src = CRISP_SCRIPT_URL;
  script.async = true;
  document.head.appendChild(script);
}

/**
 * Opens the chat box (queued if the widget is still loading).
 * @example openCrispChat()
 */
export function openCrispChat(): void {
  window.$crisp ??= [];
  window.$crisp.push(['do', 'chat:open']);
}
