import type { School } from '@dars/contract';
import { DEFAULT_SCHOOL } from '@dars/contract/plain';

/**
 * The school's identity for the page being painted (ADR 049): its name, logos and colours.
 * The server writes it into every page it answers (`#dars-school`, a JSON block, never run),
 * so the first script paints the school's colours and name before anything has loaded; the
 * server's own render sets it from the settings it renders with. It changes at the next page
 * load, never under a page: components read it as a value, not as state.
 */

/** The id of the JSON block the server writes the identity into. */
export const SCHOOL_DATA_ID = 'dars-school';

let current: School | undefined;

/** What a page's block says, or the default when there is none (the native app, a test). */
function fromPage(): School {
  if (typeof document === 'undefined') return DEFAULT_SCHOOL;
  const element = document.getElementById(SCHOOL_DATA_ID);
  if (!element?.textContent) return DEFAULT_SCHOOL;
  try {
    return { ...DEFAULT_SCHOOL, ...(JSON.parse(element.textContent) as Partial<School>) };
  } catch {
    return DEFAULT_SCHOOL;
  }
}

/**
 * The identity the page paints with.
 * @example pageSchool().name // 'سنتر النخبة'
 */
export function pageSchool(): School {
  return (current ??= fromPage());
}

/**
 * Sets the identity for what is rendered next: the server, before rendering a page with the
 * settings it loaded; a test.
 * @example usePageSchool(settings.school)
 */
export function setPageSchool(school: School | undefined): void {
  current = school;
}
