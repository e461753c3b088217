import os from 'node:os';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { inLanes, lower, run } from './run-parallel.mjs';

describe('run-parallel', () => {
  it('runs a command at a lower priority, which its own children inherit', async () => {
    const mine = os.getPriority();
    // The shell prints its own niceness and its child's (a process it starts after it was lowered).
    const res = await run('sh', ['-c', 'sleep 0.3; ps -o ni= -p $$; sh -c "ps -o ni= -p \\$\\$"'], {
      niceness: 5,
    });
    expect(res.ok).toBe(true);
    const expected = String(Math.min(19, mine + 5));
    expect(
      res.output
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ).toEqual([expected, expected]);
  });

  it('leaves a command at this priority without niceness', async () => {
    const child = spawn('sleep', ['1']);
    lower(child, 0);
    expect(os.getPriority(child.pid)).toBe(os.getPriority());
    child.kill();
  });

  it('runs tasks at most `lanes` at a time, and says whether all passed', async () => {
    let running = 0;
    let most = 0;
    const task = (ok) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 30));
      running -= 1;
      return ok;
    };
    expect(await inLanes([task(true), task(true), task(true)], 2)).toBe(true);
    expect(most).toBe(2);
    expect(await inLanes([task(true), task(false), task(true)], 2)).toBe(false);
  });
});
