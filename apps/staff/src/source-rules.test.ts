import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Rules the console's sources keep (issue 25), read from the files themselves:
 *
 * 1. No cast to `never` (`x as` + ` never`, `<never>x`), in the code or the tests: it silences
 *    every type check of what it touches; type the value (the contract's types) instead. (The
 *    cast is never written out in this file, so that a search for it finds none.)
 * 2. No staff API path written by hand. Every call goes through the contract's entries
 *    (`callStaff`/`sendStaff` in data/http.ts, the table of resources in data/resources.ts);
 *    the tests match the fake API's calls by entry (`isCall`, `callsTo`, `pathOf` in
 *    test/fake-api.ts). An API path is:
 *    - the staff API under its base, anywhere: a text with `/api/v1/staff`, or a template that
 *      puts `/staff` right after `${API_BASE}`;
 *    - in the console's code (not its tests), any text starting with `/staff/` or `/staff?`:
 *      the console's own addresses are written without the router's basename (`/courses/7`,
 *      `to="/students"`), so such a text can only be an API path. The basename itself,
 *      `'/staff'`, is not one;
 *    - in the tests, a `/staff/…` text (or a regular expression of one) matched against a
 *      recorded call's `path` (`c.path === '/staff/login'`, `c.path.startsWith('/staff/x?')`,
 *      `/^\/staff\/x/.test(c.path)`), or given to `fetch`. A test's browser addresses
 *      (`pushState(null, '', '/staff/courses/7')`, `toHaveAttribute('href', '/staff/…')`) are
 *      the console's URLs under its basename, not API calls, and stay allowed.
 * Comments are not read.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const SELF = path.join(SRC, 'source-rules.test.ts');

/** A test, or a helper of the tests (`src/test/`). */
export const isTestFile = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const STAFF_UNDER_BASE = /\/api\/v\d+\/staff(?:[/?]|$)/;
const STAFF_PATH_START = /^\/staff[/?]/;
const CALL_PATH = new Set(['path']);
const PATH_METHODS = new Set(['startsWith', 'endsWith', 'includes', 'indexOf', 'match']);
const REGEX_METHODS = new Set(['test', 'exec']);

/** The text a literal starts with, and all its texts, of a string or template. */
function textsOf(node: ts.Node): { start: string; all: string[] } | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return { start: node.text, all: [node.text] };
  if (ts.isTemplateExpression(node))
    return {
      start: node.head.text,
      all: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)],
    };
  return null;
}

/** `x.path` (a recorded call's path). */
const isCallPath = (node: ts.Node) =>
  ts.isPropertyAccessExpression(node) && CALL_PATH.has(node.name.text);

/** Whether a literal is matched against a recorded call's path, or given to fetch. */
function inCallContext(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent)) {
    const other = parent.left === node ? parent.right : parent.left;
    return isCallPath(other);
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    const callee = parent.expression;
    if (ts.isIdentifier(callee) && callee.text === 'fetch') return true;
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (PATH_METHODS.has(method) && isCallPath(callee.expression)) return true;
    }
  }
  return false;
}

/** What a source breaks of the rules, as `line: what` (empty when it keeps them). */
export function ruleBreaks(fileName: string, text: string, test: boolean): string[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${what}: ${node.getText(source).slice(0, 80)}`);
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      node.type.kind === ts.SyntaxKind.NeverKeyword
    )
      report(node, 'a cast to never');

    const texts = textsOf(node);
    if (texts) {
      if (texts.all.some((t) => STAFF_UNDER_BASE.test(t)))
        report(node, 'the staff API under its base written by hand');
      else if (
        ts.isTemplateExpression(node) &&
        node.templateSpans.some(
          (span) =>
            /(^|\.)API_BASE$/.test(span.expression.getText(source)) &&
            /^\/staff(?:[/?]|$)/.test(span.literal.text),
        )
      )
        report(node, 'a staff API path put after API_BASE by hand');
      else if (STAFF_PATH_START.test(texts.start) && (!test || inCallContext(node)))
        report(node, 'a staff API path written by hand');
    }

    if (test && ts.isRegularExpressionLiteral(node) && node.text.includes('\\/staff\\/')) {
      const call = node.parent;
      if (
        ts.isPropertyAccessExpression(call) &&
        REGEX_METHODS.has(call.name.text) &&
        ts.isCallExpression(call.parent) &&
        call.parent.arguments.some(isCallPath)
      )
        report(node, 'a staff API path matched by hand');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the console's sources", () => {
  it('cast nothing to never and write no staff API path by hand (the rules above)', () => {
    const files = sourceFiles(SRC).filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(50);
    const breaks = files.flatMap((file) =>
      ruleBreaks(file, fs.readFileSync(file, 'utf8'), isTestFile(file)).map(
        (line) => `${path.relative(SRC, file)}:${line}`,
      ),
    );
    expect(breaks).toEqual([]);
  });
});

describe('the source rules', () => {
  const code = (text: string) => ruleBreaks('x.tsx', text, false);
  const test = (text: string) => ruleBreaks('x.test.tsx', text, true);
  const AS_NEVER = ['as', 'never'].join(' ');

  it('find a cast to never anywhere', () => {
    expect(code(`const a = b ${AS_NEVER};`)).toHaveLength(1);
    expect(test(`session.save('tok-1', ADMIN ${AS_NEVER});`)).toHaveLength(1);
    // (An angle-bracket cast is TypeScript without JSX.)
    expect(ruleBreaks('x.ts', 'const a = <never>b;', false)).toHaveLength(1);
    expect(code('const a = b as unknown; type N = never;')).toEqual([]);
  });

  it('find an API path in the code, but not the basename', () => {
    expect(code("apiFetch('/staff/login', { method: 'POST' });")).toHaveLength(1);
    expect(code('const p = `/staff/courses/${id}/image`;')).toHaveLength(1);
    expect(code('const u = `${API_BASE}/staff/uploads/videos`;')).toHaveLength(1);
    expect(code("const u = '/api/v1/staff/mobile-payments/4/receipt';")).toHaveLength(1);
    expect(code('const app = <BrowserRouter basename="/staff" />;')).toEqual([]);
    expect(code("const base = '/staff';")).toEqual([]);
    expect(code('// POST /staff/login with the e-mail\nconst a = 1;')).toEqual([]);
    expect(code('const u = `${API_BASE}${STAFF_VIDEO_UPLOAD_PATH}`;')).toEqual([]);
  });

  it("find a test's hand-written match on a call's path, but not its browser addresses", () => {
    expect(test("const a = (c) => c.path === '/staff/login';")).toHaveLength(1);
    expect(test("calls.find((c) => c.path.startsWith('/staff/stats?'));")).toHaveLength(1);
    expect(test('calls.some((c) => /^\\/staff\\/accounts\\?/.test(c.path));')).toHaveLength(1);
    expect(test("await fetch('/staff/courses');")).toHaveLength(1);
    expect(
      test("const r = { receipt_url: '/api/v1/staff/mobile-payments/4/receipt' };"),
    ).toHaveLength(1);
    expect(test("window.history.pushState(null, '', '/staff/courses/7');")).toEqual([]);
    expect(test("go('/staff/accounts/5');")).toEqual([]);
    expect(test("expect(link).toHaveAttribute('href', '/staff/courses/7');")).toEqual([]);
    expect(test("expect(window.location.pathname).toBe('/staff/login');")).toEqual([]);
  });
});
