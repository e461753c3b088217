import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffEndpoints as e, type StaffNamed } from '@dars/contract';
import { ADMIN, answer, fakeStaffApi, list, staffBasics, type Call } from '../test/fake-api';
import { staffCourse, staffNamed } from '../test/fixtures';
import { loadScreensFirst, openConsole } from '../test/console';

/**
 * Grades are listed in the order the school gave them (their position), first to last, in every
 * picker of the console (issue 24): the preparatory grades before the secondary ones.
 */

loadScreensFirst(() => import('./courses'));

// Their ids in neither order of their positions: a list in id order, either way, is wrong.
const GRADES = [
  staffNamed({ id: 7, name: 'الأول الإعدادي', position: 1 }),
  staffNamed({ id: 3, name: 'الثالث الإعدادي', position: 2 }),
  staffNamed({ id: 5, name: 'الثاني الثانوي', position: 3 }),
];

/**
 * The grades as the server answers `GET /staff/grades`: sorted by `sort` (id, name or position;
 * position when none or another), `order` asc unless desc, then by id.
 */
function gradesAsTheServerSorts(call: Call) {
  const field = (['id', 'name', 'position'] as const).find((f) => f === call.query.sort);
  const key = field ?? 'position';
  const direction = call.query.order === 'desc' ? -1 : 1;
  const rows = [...GRADES].sort(
    (a: StaffNamed, b: StaffNamed) =>
      direction * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) || a.id - b.id,
  );
  return { data: rows, meta: { total: rows.length } };
}

describe('the order of grades', { timeout: 240_000 }, () => {
  it("lists a course's grades to choose in their order: the preparatory ones first", async () => {
    const api = fakeStaffApi([
      ...staffBasics(ADMIN),
      answer(
        e.staffGetCourse,
        { data: staffCourse({ id: 9, name: 'فيزياء' }) },
        { params: { id: 9 } },
      ),
      list(e.staffListLectures, []),
      answer(e.staffListGrades, gradesAsTheServerSorts),
      list(e.staffListCategories, []),
      list(e.staffListTeachers, []),
    ]);
    const user = openConsole('/courses/9', ADMIN);
    await user.click(await screen.findByLabelText(/^الصفوف الدراسية/));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByText('الأول الإعدادي');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['الأول الإعدادي', 'الثالث الإعدادي', 'الثاني الثانوي']);
    expect(api.callsTo(e.staffListGrades).at(-1)?.query).toMatchObject({
      sort: 'position',
      order: 'asc',
    });
  });
});

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Each JSX element of a file that has `reference="grades"` or `"categories"` (both ordered by
 * the school, listed by the same server recipe): its place and its `sort`'s text.
 */
function gradePickers(file: string): { at: string; sort: string | undefined }[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { at: string; sort: string | undefined }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const attributes = node.attributes.properties.filter(ts.isJsxAttribute);
      const value = (name: string) =>
        attributes.find((a) => a.name.getText(source) === name)?.initializer;
      const reference = value('reference');
      if (
        reference &&
        ts.isStringLiteral(reference) &&
        ['grades', 'categories'].includes(reference.text)
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({
          at: `${path.relative(SRC, file)}:${line}`,
          sort: value('sort')?.getText(source).replace(/\s+/g, ' '),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('every grade and category picker', () => {
  it('asks for them by position, first to last', () => {
    const pickers = sourceFiles(SRC).flatMap(gradePickers);
    // The course form's and filter's, the students' filter and form, the progress report's
    // filter and the two messages' audiences; the course form's and filter's categories.
    expect(pickers.length).toBeGreaterThanOrEqual(9);
    for (const { at, sort } of pickers)
      expect(sort, at).toBe("{{ field: 'position', order: 'ASC' }}");
  });
});
