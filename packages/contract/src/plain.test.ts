import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from './calls/endpoints';
import * as plain from './plain';

/**
 * The modules a file loads when it runs: its imports and re-exports, not those of types only
 * (`import type`, or a list whose every name is `type …`), followed through relative paths.
 */
function runtimeGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const text = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    const statements = /^(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?'([^']+)';/gm;
    for (const [, typeOnly, names, target] of text.matchAll(statements)) {
      if (typeOnly) continue;
      const list = /^\{([\s\S]*)\}$/.exec(names?.trim() ?? '')?.[1];
      const specifiers = list
        ?.split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (specifiers?.length && specifiers.every((n) => n.startsWith('type '))) continue;
      targets.push(target!);
    }
    graph.set(file, targets);
    for (const target of targets) {
      if (target.startsWith('.')) visit(path.resolve(path.dirname(file), `${target}.ts`));
    }
  };
  visit(path.resolve(import.meta.dirname, entry));
  return graph;
}

describe('the contract without schemas (ADR 041)', () => {
  it.each(['plain.ts', 'client.ts'])('%s loads no zod, through any module it loads', (entry) => {
    const graph = runtimeGraph(entry);
    const loadingZod = [...graph]
      .filter(([, targets]) => targets.some((t) => t === 'zod' || t.startsWith('zod/')))
      .map(([file]) => path.relative(import.meta.dirname, file));
    expect(loadingZod).toEqual([]);
    // The walk itself sees an import of zod: the schemas' module is in the graph of the index.
    expect([...runtimeGraph('index.ts').values()].flat()).toContain('zod');
  });

  it('the walk skips imports of types only, and follows the others', () => {
    const graph = runtimeGraph('client.ts');
    const files = [...graph.keys()].map((f) => path.relative(import.meta.dirname, f));
    expect(files).toEqual(['client.ts', 'calls/route.ts', 'is-record.ts']);
  });

  it("has a route for every call that is not the staff console's, with its method and path", () => {
    const student = Object.entries(endpoints).filter(
      ([, entry]) => !('staff' in entry) && !entry.path.startsWith('/staff/'),
    );
    expect(student.length).toBeGreaterThan(50);
    expect(Object.keys(plain.routes).sort()).toEqual(student.map(([name]) => name).sort());
    for (const [name, entry] of student) {
      expect(plain.routes[name as keyof typeof plain.routes]).toEqual({
        name,
        method: entry.method,
        path: entry.path,
      });
    }
  });

  it('has no route for a staff call', () => {
    expect(Object.keys(plain.routes)).not.toContain('staffGetCourse');
    expect(Object.keys(plain.routes)).not.toContain('staffLogin');
    expect(Object.keys(plain.routes).some((name) => name.startsWith('staff'))).toBe(false);
  });
});
