/**
 * Writes `src/calls/routes.ts`: the route (name, method, path) of every call of `endpoints`
 * that is not the staff console's (a staff role, or a path under `/staff/`), without its schemas, for the student app's first screen
 * (ADR 041). `npm run contract:routes` after adding or changing a call; `routes.test.ts` fails
 * until the file matches `endpoints`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '../src/calls/endpoints';

const file = path.resolve(import.meta.dirname, '../src/calls/routes.ts');
const rows = Object.entries(endpoints)
  .filter(([, entry]) => !('staff' in entry) && !entry.path.startsWith('/staff/'))
  .map(
    ([name, entry]) =>
      `  ${name}: { name: '${name}', method: '${entry.method}', path: '${entry.path}' },`,
  );
fs.writeFileSync(
  file,
  `// Written by \`npm run contract:routes\` from endpoints.ts: do not edit by hand (ADR 041).
import type { Endpoints } from './endpoints';
import type { EndpointRoute } from './route';

/**
 * The student app's calls by name, without their schemas: the app calls through these and
 * loads no zod on its first screen (ADR 041). Each is typed by the entry of the same name.
 * @example callEndpoint(routes.getCourse, { params: { id: 7 } })
 */
export const routes = {
${rows.join('\n')}
} as const satisfies { [N in StudentCallName]: EndpointRoute<N> };

/** The names of the calls that are not the staff console's (a staff role, or a path under /staff/). */
export type StudentCallName = {
  [N in keyof Endpoints]: Endpoints[N] extends { staff: string }
    ? never
    : Endpoints[N]['path'] extends \`/staff/\${string}\`
      ? never
      : N;
}[keyof Endpoints];
`,
);
execFileSync('npx', ['prettier', '--write', file], { stdio: 'inherit' });
