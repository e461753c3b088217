import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository's documents hold together (issue 25): every section of the product that code,
// tests or ADRs cite ("spec §N", "§N") is a heading in docs/product/; the README stays a short
// entry point that starts with the two set-up commands; relative links in the README and docs/
// reach their file (and heading); an npm script the docs name exists and its file too; and the
// Arabic texts docs/product quotes are the ones the code shows.

const root = path.resolve(import.meta.dirname, '..');
const cache = new Map();
const read = (file) => {
  if (!cache.has(file)) cache.set(file, readFileSync(path.join(root, file), 'utf8'));
  return cache.get(file);
};
const tracked = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((f) => f && existsSync(path.join(root, f)));

const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|html|css|yml|yaml|kt|java|swift|xml|gradle)$/;
const SELF = 'scripts/docs-links.test.mjs';
const sources = tracked.filter(
  (f) => TEXT.test(f) && f !== SELF && !f.endsWith('package-lock.json'),
);
const markdown = tracked.filter(
  (f) => f.endsWith('.md') && (f === 'README.md' || f.startsWith('docs/')),
);
const productFiles = tracked.filter((f) => /^docs\/product\/[^/]+\.md$/.test(f));

/**
 * The sections the product description has: `§N` or `§N.M` at the start of a heading.
 * @example sectionsOf('# §2 Screens\n## §2.1 Routes') // ['2', '2.1']
 */
function sectionsOf(text) {
  return [...text.matchAll(/^#{1,6}\s+§(\d+(?:\.\d+)*)\b/gm)].map((m) => m[1]);
}

/**
 * Every section number cited in a text, with its line: `§N` anywhere, unless it belongs to
 * another document (an RFC's or an issue's sections).
 * @example citedSections('spec §2, §4; RFC 9110 §13.1.2') // [{ section: '2', line: 1 }, { section: '4', line: 1 }]
 */
function citedSections(text) {
  const cited = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/§(\d+(?:\.\d+)*)/g)) {
      const before = line.slice(0, m.index);
      if (/\b(RFC\s*\d+|issue\s+\d+)[\s,]*$/i.test(before)) continue;
      cited.push({ section: m[1], line: i + 1 });
    }
  });
  return cited;
}

/**
 * GitHub's anchor of a heading: lower case, inline markup and punctuation dropped, spaces to
 * hyphens.
 * @example slug('## §2 Screens and `routes`') // '2-screens-and-routes'
 */
function slug(heading) {
  return heading
    .replace(/^#+\s*/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text outside fenced code blocks and inline code, where links and headings live. */
function prose(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const m of prose(read(file)).matchAll(/^#{1,6}\s+.*$/gm)) {
    const base = slug(m[0]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/**
 * The relative links of a markdown text: `[text](target)`, outside code.
 * @example relativeLinks('[a](b.md#c) [d](https://e)') // ['b.md#c']
 */
function relativeLinks(text) {
  return [...prose(text).matchAll(/\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target));
}

describe('the product sections the code cites', () => {
  const sections = new Set(productFiles.flatMap((f) => sectionsOf(read(f))));

  it('are all headings in docs/product', () => {
    expect([...sections].length).toBeGreaterThan(0);
    const missing = sources.flatMap((f) =>
      citedSections(read(f))
        .filter((c) => !sections.has(c.section))
        .map((c) => `${f}:${c.line} cites §${c.section}`),
    );
    expect(missing).toEqual([]);
  });

  it('are each in one file, and the index says where "spec §N" resolves', () => {
    const tops = productFiles.map((f) => sectionsOf(read(f)).filter((s) => !s.includes('.')));
    expect(tops.flat().length).toBe(new Set(tops.flat()).size);
    expect(read('docs/product/README.md')).toMatch(/"spec §N" in a comment.*means section N/);
    expect(read('README.md')).toMatch(/"spec §N" means section N/);
  });

  it('name their sub-headings as the section has them: spec §N "Name"', () => {
    const fileOf = new Map(
      productFiles.flatMap((f) => sectionsOf(read(f)).map((s) => [s, read(f).toLowerCase()])),
    );
    const missing = sources.flatMap((f) =>
      [...read(f).matchAll(/spec §(\d+(?:\.\d+)*) "([^"\n]+)"/gi)]
        .filter(([, section, name]) => !fileOf.get(section)?.includes(name.toLowerCase()))
        .map(([cite]) => `${f}: ${cite}`),
    );
    expect(missing).toEqual([]);
  });

  it('quote Arabic texts the code shows exactly as written', () => {
    const code = tracked
      .filter((f) => /^(apps|packages)\/.*\.(ts|tsx)$/.test(f))
      .map((f) =>
        read(f).replace(/\\u([0-9a-fA-F]{4})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      )
      .join('\n');
    const quoted = productFiles.flatMap((f) =>
      [...read(f).matchAll(/`([^`\n]*\p{Script=Arabic}[^`\n]*)`/gu)].map((m) => ({
        f,
        text: m[1],
      })),
    );
    expect(quoted.length).toBeGreaterThan(20);
    expect(
      quoted.filter(({ text }) => !code.includes(text)).map(({ f, text }) => `${f}: ${text}`),
    ).toEqual([]);
  });
});

describe('the README', () => {
  const readme = read('README.md');

  it('is at most 200 lines', () => {
    expect(readme.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(200);
  });

  it('starts with the two set-up commands: the demo, then the whole test suite', () => {
    expect(readme).toMatch(
      /^# [^\n]+\n\n```sh\nnpm install && npm start\n```\n\n```sh\nnpm install && npm test\n```\n/,
    );
  });

  it('maps every top-level folder of the code', () => {
    for (const folder of [
      'apps/server',
      'apps/web',
      'apps/staff',
      'apps/mobile',
      'packages/contract',
      'packages/ui',
      'e2e',
      'bench',
      'docs',
      'scripts',
    ]) {
      expect(readme, folder).toContain(`| \`${folder}\``);
    }
  });
});

describe('the index of decisions', () => {
  it('links every ADR in docs/decisions', () => {
    const adrs = tracked.filter((f) => /^docs\/decisions\/\d{3}-[^/]+\.md$/.test(f));
    expect(adrs.length).toBeGreaterThan(30);
    const index = read('docs/decisions/README.md');
    const missing = adrs.filter((f) => !index.includes(`](${path.basename(f)})`));
    expect(missing).toEqual([]);
  });
});

describe('links in the README and docs/', () => {
  it('reach a file, and a heading where they name one', () => {
    expect(markdown.length).toBeGreaterThan(10);
    const broken = [];
    for (const file of markdown) {
      for (const link of relativeLinks(read(file))) {
        const [target, anchor] = link.split('#');
        const resolved = target ? path.join(path.dirname(file), decodeURIComponent(target)) : file;
        if (!existsSync(path.join(root, resolved))) {
          broken.push(`${file}: ${link} (no ${resolved})`);
        } else if (
          anchor &&
          resolved.endsWith('.md') &&
          statSync(path.join(root, resolved)).isFile()
        ) {
          if (!anchorsOf(resolved).has(decodeURIComponent(anchor))) {
            broken.push(`${file}: ${link} (no heading #${anchor} in ${resolved})`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('npm scripts', () => {
  const rootPackage = JSON.parse(read('package.json'));
  const packages = ['.', ...rootPackage.workspaces].map((dir) => ({
    dir,
    pkg: JSON.parse(read(path.join(dir, 'package.json'))),
  }));
  const scriptsOf = new Map(packages.map(({ pkg }) => [pkg.name, pkg.scripts ?? {}]));

  it('run files that exist', () => {
    const dead = packages.flatMap(({ dir, pkg }) =>
      Object.entries(pkg.scripts ?? {}).flatMap(([name, command]) =>
        command
          .split(/\s+/)
          .filter((word) => /^[\w./-]+\.(m?[jt]s|cjs)$/.test(word))
          .filter((file) => !existsSync(path.join(root, dir, file)))
          .map((file) => `${pkg.name} ${name}: ${file}`),
      ),
    );
    expect(dead).toEqual([]);
  });

  it('named by the README, docs/, scripts/ and CI exist', () => {
    const files = tracked.filter(
      (f) =>
        markdown.includes(f) || f.startsWith('.ci/') || (f.startsWith('scripts/') && f !== SELF),
    );
    const unknown = [];
    for (const file of files) {
      for (const line of read(file).split('\n')) {
        for (const m of line.matchAll(/npm run (?:-s )?([\w:.-]+)([^`\n|;&]*)/g)) {
          const workspace = /(?:-w|--workspace)[ =](@[\w-]+\/[\w-]+)/.exec(
            m[2].split(' -- ')[0],
          )?.[1];
          const scripts = scriptsOf.get(workspace ?? rootPackage.name);
          if (!scripts || !(m[1] in scripts))
            unknown.push(`${file}: npm run ${m[1]}${workspace ? ` -w ${workspace}` : ''}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });
});
