import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint config enforces the server's layer order from its one list (SERVER_LAYERS in
 * eslint.config.js, docs/architecture.md): these lint a few lines as if they were files of
 * the server, and expect the layer rule to refuse an import against the order and to let one
 * along it pass.
 */

const ROOT = path.resolve(__dirname, '../../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The layer rule's messages for `code` placed at `file` (relative to apps/server/src). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(ROOT, 'apps/server/src', file),
  });
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' && m.message.includes('Layer order'))
    .map((m) => m.message);
}

describe('the layer order in lint', () => {
  it('refuses a lower module importing a higher one, even through its surface', async () => {
    // exams/exam-admin.ts is on MODULE_SURFACE, so only the order refuses it.
    const errors = await layerErrors(
      'modules/auth/layer-fixture.ts',
      "import { getExam } from '../exams/exam-admin';\nexport const probe = getExam;\n",
    );
    expect(errors).toEqual([
      'Unexpected path "../exams/exam-admin" imported in restricted zone. Layer order (docs/architecture.md): accounts and money (modules/auth) may not import lectures and exams (modules/exams).',
    ]);
  }, 60_000);

  it('refuses a domain module importing the staff routes, and the base importing a module', async () => {
    expect(
      await layerErrors(
        'modules/courses/layer-fixture.ts',
        "import { staffRoutes } from '../staff/staff-routes';\nexport const probe = staffRoutes;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'db/layer-fixture.ts',
        "import { getCourse } from '../modules/courses/course-admin';\nexport const probe = getCourse;\n",
      ),
    ).toHaveLength(1);
  }, 60_000);

  it('lets an import along the order pass', async () => {
    const errors = await layerErrors(
      'modules/staff/layer-fixture.ts',
      "import { getExam } from '../exams/exam-admin';\nimport { auditedRows } from '../../db/audited-change';\nexport const probe = [getExam, auditedRows];\n",
    );
    expect(errors).toEqual([]);
  }, 60_000);
});
