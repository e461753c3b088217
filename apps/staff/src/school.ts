import { DEFAULT_SCHOOL, type School } from '@dars/contract';

let read: School | undefined;

/**
 * The school's identity (ADR 049), as the server wrote it into the console's page (a JSON
 * block, never run): its name in the title and the top bar, its colours in the theme. «دَرس»
 * without one (a test, the console built on its own). Read once: it changes at the next load.
 * @example consoleSchool().name // 'سنتر النخبة'
 */
export function consoleSchool(): School {
  if (read) return read;
  const text =
    typeof document === 'undefined' ? null : document.getElementById('dars-school')?.textContent;
  try {
    read = text ? { ...DEFAULT_SCHOOL, ...(JSON.parse(text) as Partial<School>) } : DEFAULT_SCHOOL;
  } catch {
    read = DEFAULT_SCHOOL;
  }
  return read;
}

/** Forgets what was read: the next `consoleSchool()` reads the page again (tests). */
export function forgetConsoleSchool(): void {
  read = undefined;
}

/** The console's name: «لوحة إدارة» and the school's. */
export const consoleTitle = () => `لوحة إدارة ${consoleSchool().name}`;
