import fs from 'node:fs';
import path from 'node:path';

// The school's name and colour as `npm run mobile:sync` last read them from the server (ADR 049),
// kept in apps/mobile/school.json (ignored by git) for capacitor.config.ts. No other import:
// the Capacitor CLI loads this file with the config.

/** «دَرس»'s own colour and name (the contract's DEFAULT_SCHOOL). */
export const DEFAULT_BRAND = '#1f4fa3';
export const DEFAULT_NAME = 'دَرس';

export const SCHOOL_FILE = 'school.json';

export interface SchoolFile {
  name: string;
  brand: string;
}

/** The file in `dir`, or «دَرس»'s own when there is none yet. */
export function readSchoolFile(dir: string): SchoolFile {
  const file = path.join(dir, SCHOOL_FILE);
  if (!fs.existsSync(file)) return { name: DEFAULT_NAME, brand: DEFAULT_BRAND };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SchoolFile;
}
