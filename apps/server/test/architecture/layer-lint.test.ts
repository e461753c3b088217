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

/**
 * The layer rule's messages for `code` placed at `file` (relative to `root`, the server's
 * sources unless said).
 */
async function layerErrors(
  file: string,
  code: string,
  root = 'apps/server/src',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(ROOT, root, file),
  });
  return result!.messages
    .filter(
      (m) =>
        m.ruleId === 'import-x/no-restricted-paths' &&
        (m.message.includes('Layer order') || m.message.includes('Apart')),
    )
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
      'Unexpected path "../exams/exam-admin" imported in restricted zone. Layer order (docs/architecture.md): auth (modules/auth) may not import exams (modules/exams).',
    ]);
  }, 180_000);

  it('refuses the lectures importing the exams: the lectures layer is below the exams', async () => {
    // The knot untied in issue 25: the lecture's gate on its exams lives in lectures.
    expect(
      await layerErrors(
        'modules/lectures/layer-fixture.ts',
        "import { getExam } from '../exams/exam-admin';\nexport const probe = getExam;\n",
      ),
    ).toEqual([
      'Unexpected path "../exams/exam-admin" imported in restricted zone. Layer order (docs/architecture.md): lectures (modules/lectures) may not import exams (modules/exams).',
    ]);
    expect(
      await layerErrors(
        'modules/exams/layer-fixture.ts',
        "import { lectureAccess } from '../lectures/lecture-access';\nexport const probe = lectureAccess;\n",
      ),
    ).toEqual([]);
  }, 180_000);

  it('orders accounts and money: notifications below auth, settings below payments but for its one listed file', async () => {
    // The knot untied in issue 25: push devices read a session's lifetime from lib, not auth.
    expect(
      await layerErrors(
        'modules/notifications/layer-fixture.ts',
        "import { issueToken } from '../auth/session-tokens';\nexport const probe = issueToken;\n",
      ),
    ).toEqual([
      'Unexpected path "../auth/session-tokens" imported in restricted zone. Layer order (docs/architecture.md): notifications (modules/notifications) may not import auth (modules/auth).',
    ]);
    expect(
      await layerErrors(
        'modules/settings/layer-fixture.ts',
        "import { offeredMethods } from '../payments/payment-methods';\nexport const probe = offeredMethods;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'modules/settings/layer-fixture.ts',
        "import { recheckOrder } from '../payments/payment-recheck';\nexport const probe = recheckOrder;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'modules/auth/layer-fixture.ts',
        "import { notify } from '../notifications/notification-service';\nexport const probe = notify;\n",
      ),
    ).toEqual([]);
  }, 180_000);

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
  }, 180_000);

  it('puts the reports between the modules they read and the staff routes that serve them', async () => {
    // Issue 25: modules/staff is routes, roles and audit; the figures it serves are computed in
    // modules/reports, which reads the domain modules and never the routes above it.
    expect(
      await layerErrors(
        'modules/reports/layer-fixture.ts',
        "import { staffRoutes } from '../staff/staff-routes';\nexport const probe = staffRoutes;\n",
      ),
    ).toEqual([
      'Unexpected path "../staff/staff-routes" imported in restricted zone. Layer order (docs/architecture.md): reports (modules/reports) may not import staff (modules/staff).',
    ]);
    expect(
      await layerErrors(
        'modules/exams/layer-fixture.ts',
        "import { staffStats } from '../reports/owner-stats';\nexport const probe = staffStats;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'modules/reports/layer-fixture.ts',
        "import { countsSql } from '../exams/exam-attempts';\nexport const probe = countsSql;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'modules/staff/layer-fixture.ts',
        "import { staffStats } from '../reports/owner-stats';\nexport const probe = staffStats;\n",
      ),
    ).toEqual([]);
  }, 180_000);

  it('lets an import along the order pass', async () => {
    const errors = await layerErrors(
      'modules/staff/layer-fixture.ts',
      "import { getExam } from '../exams/exam-admin';\nimport { auditedRows } from '../../db/audited-change';\nexport const probe = [getExam, auditedRows];\n",
    );
    expect(errors).toEqual([]);
  }, 180_000);
});

describe("the student app's layers in lint", () => {
  const web = (file: string, code: string) => layerErrors(file, code, 'apps/web/src');

  it('refuses the base importing a feature, a feature importing the app, and one feature another', async () => {
    expect(
      await web(
        'lib/layer-fixture.ts',
        "import { CourseSearchField } from '../features/catalog/components/course-search-field';\nexport const probe = CourseSearchField;\n",
      ),
    ).toEqual([
      'Unexpected path "../features/catalog/components/course-search-field" imported in restricted zone. Layer order (docs/architecture.md): base (lib) may not import features (features).',
    ]);
    expect(
      await web(
        'features/wallet/layer-fixture.ts',
        "import { AppStart } from '../../app/app-start';\nexport const probe = AppStart;\n",
      ),
    ).toHaveLength(1);
    expect(
      await web(
        'features/wallet/layer-fixture.ts',
        "import { CourseSearchField } from '../catalog/components/course-search-field';\nexport const probe = CourseSearchField;\n",
      ),
    ).toEqual([
      'Unexpected path "../catalog/components/course-search-field" imported in restricted zone. Apart (docs/architecture.md): ./apps/web/src/features/wallet may not import another folder beside it.',
    ]);
  }, 180_000);

  it('lets a feature import the base, the shared parts and itself', async () => {
    expect(
      await web(
        'features/wallet/layer-fixture.ts',
        "import { formatMoney } from '../../lib/format';\nimport { t } from '../../i18n/t';\nimport { WalletPage } from './components/wallet-page';\nexport const probe = [formatMoney, t, WalletPage];\n",
      ),
    ).toEqual([]);
  }, 180_000);
});

describe("the staff console's layers in lint", () => {
  const staff = (file: string, code: string) => layerErrors(file, code, 'apps/staff/src');

  it('refuses the calls importing a shared part, a part importing a screen, and one group of screens another', async () => {
    expect(
      await staff(
        'data/layer-fixture.ts',
        "import { useRole } from '../components/use-role';\nexport const probe = useRole;\n",
      ),
    ).toEqual([
      'Unexpected path "../components/use-role" imported in restricted zone. Layer order (docs/architecture.md): calls and texts (data) may not import shared parts (components).',
    ]);
    expect(
      await staff(
        'components/layer-fixture.ts',
        "import { AuditLogList } from '../resources/audit-log';\nexport const probe = AuditLogList;\n",
      ),
    ).toHaveLength(1);
    expect(
      await staff(
        'resources/daily/layer-fixture.ts',
        "import * as money from '../money/money-resources';\nexport const probe = money;\n",
      ),
    ).toEqual([
      'Unexpected path "../money/money-resources" imported in restricted zone. Apart (docs/architecture.md): ./apps/staff/src/resources/daily may not import another folder beside it.',
    ]);
  }, 180_000);

  it('lets a screen import the shared parts, the calls and the texts', async () => {
    expect(
      await staff(
        'resources/daily/layer-fixture.ts',
        "import { useRole } from '../../components/use-role';\nimport { session } from '../../data/token';\nexport const probe = [useRole, session];\n",
      ),
    ).toEqual([]);
  }, 180_000);
});
