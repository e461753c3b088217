// The bench's server processes: each API (or baseline) server runs in a process of its own, forked
// with tsx, and reports its address and what it seeded over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BenchExam } from './exam-scenarios';

const here = path.dirname(fileURLToPath(import.meta.url));

export type ServerInfo = {
  address: string;
  dialect?: string;
  /** The API's database file, on SQLite (the baseline's same-work route opens it too). */
  sqliteFile?: string;
  courses?: number;
  stack?: string;
  /** Our plugin stack answering the bare route's body (the tax our hooks alone add). */
  stackBare?: string;
  token?: string;
  /** A course the demo student joined, and a lecture of it they may open. */
  joined?: { courseId: number; lectureId: number };
  /** Bearer tokens of the bulk-seeded students. */
  students?: string[];
  exams?: {
    answers: BenchExam;
    massStart: BenchExam;
    /** The same start of an exam each session draws from a bank (ADR 046). */
    massStartDrawn: BenchExam;
    /** BENCH_MORE_STARTS further exams for mass starts (bench:instances). */
    more: BenchExam[];
  };
  /** The PostgreSQL schema the server seeded (another instance attaches to it). */
  pgSchema?: string;
};
export type Server = { child: ChildProcess; info: ServerInfo };

/** Forks one server script; resolves with what it reports once it listens. */
export function start(script: string, execArgv: string[] = [], env = process.env): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, script), [], {
      execArgv: ['--import', 'tsx', ...execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env,
    });
    child.once('message', (info) => resolve({ child, info: info as ServerInfo }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Sends the server a message and resolves with its first answer that has `key`. */
export function ask(child: ChildProcess, message: unknown, key: string): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !(key in m)) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send(message as object);
  });
}

/** CPU time (user + system, µs) the server process has used so far, asked over IPC. */
export async function cpuOf(child: ChildProcess): Promise<number> {
  const { user, system } = ((await ask(child, 'cpu', 'cpu')) as { cpu: NodeJS.CpuUsage }).cpu;
  return user + system;
}

/**
 * What autovacuum does between the runs of a server that has it on: dead answer rows cleared and
 * the planner's statistics brought up to date. This machine's PostgreSQL runs with autovacuum
 * off; without this, each run's answers made the next one dearer (PostgreSQL's CPU per answer
 * 641 → 993 → 1,314 µs over three 10 s runs, 599 → 410 → 439 with it).
 */
export async function vacuumExamTables(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`vacuum analyze ${schema}.answer_attempts, ${schema}.exam_sessions`);
  } finally {
    await client.end();
  }
}
