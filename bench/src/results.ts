// Where the benches keep their figures: bench/results/, one JSON file per run (git ignores it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/**
 * Writes one run's figures as `<prefix><time>.json` and answers the file's path.
 * @example writeResults('web-', { results }) // …/bench/results/web-2026-11-26T10-00-00-000Z.json
 */
export function writeResults(prefix: string, figures: object): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${prefix}${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(figures, null, 2));
  return file;
}
