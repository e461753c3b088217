// The roster import (issue 28, ADR 052): a school's 5,000 students in one CSV file, each row
// with a grade, a course granted with the cash received at the centre, an opening balance and a
// parent's phone (every write an import makes), checked by a dry run and then imported, through
// the real API as the console sends it. The target: under 30 s on this machine.
import { cpuOf, type Server } from './processes';

export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);

export type ImportFigures = {
  dialect: string;
  rows: number;
  dryRunSeconds: number;
  importSeconds: number;
  /** Server CPU of the import itself (not the dry run). */
  importCpuSeconds: number;
  created: number;
  status: number;
};

async function staffToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-platform': 'web' },
    body: JSON.stringify({ email: 'admin@dars.test', password: 'dars12345' }),
  });
  const body = (await res.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`staff login: ${res.status}`);
  return body.data.token;
}

/** A roster of `rows` new students; phones from a range the seed does not use (013…). */
function roster(rows: number, courseId: number, grade: string, run: number): string {
  const lines = ['الاسم,الهاتف,البريد الإلكتروني,الصف,الدورات,المدفوع نقدًا,الرصيد,هاتف ولي الأمر'];
  for (let i = 0; i < rows; i++) {
    const n = String(run * rows + i).padStart(7, '0');
    lines.push(
      `طالب مستورد ${i},0120${n},imported${run}-${i}@school.test,${grade},${courseId},150,25.5,0111${n}`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}`;
}

async function post(base: string, token: string, file: string, dryRun: boolean) {
  const form = new FormData();
  if (dryRun) form.append('dry_run', '1');
  form.append('file', new Blob([file], { type: 'text/csv' }), 'roster.csv');
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/staff/students/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'app-platform': 'web' },
    body: form,
  });
  const body = (await res.json()) as { data?: { created: number; invalid: number } };
  return { seconds: (performance.now() - started) / 1000, status: res.status, body };
}

let runs = 0;

/** One import of IMPORT_ROWS students into the API's database. */
export async function measureImport(api: Server): Promise<ImportFigures> {
  const base = api.info.address;
  const token = await staffToken(base);
  const courses = (await (await fetch(`${base}/api/v1/courses`)).json()) as {
    data: { id: number }[];
  };
  const grades = (await (
    await fetch(`${base}/api/v1/staff/grades`, {
      headers: { authorization: `Bearer ${token}`, 'app-platform': 'web' },
    })
  ).json()) as { data: { name: string }[] };
  const file = roster(IMPORT_ROWS, courses.data[0]!.id, grades.data[0]!.name, ++runs);
  const dry = await post(base, token, file, true);
  const cpuBefore = await cpuOf(api.child);
  const real = await post(base, token, file, false);
  return {
    dialect: api.info.dialect!,
    rows: IMPORT_ROWS,
    dryRunSeconds: Number(dry.seconds.toFixed(2)),
    importSeconds: Number(real.seconds.toFixed(2)),
    importCpuSeconds: Number((((await cpuOf(api.child)) - cpuBefore) / 1e6).toFixed(2)),
    created: real.body.data?.created ?? 0,
    status: real.status,
  };
}

export function printImport(f: ImportFigures): void {
  console.log(
    `${f.dialect}: ${f.rows} rows — dry run ${f.dryRunSeconds} s, import ${f.importSeconds} s ` +
      `(server CPU ${f.importCpuSeconds} s), ${f.created} students created, HTTP ${f.status}`,
  );
}
