import { describe, expect, it } from 'vitest';
import { sharedReads } from './http-cache';

/** A read whose answers the test gives by hand, counting how many reads began. */
function manualRead() {
  const pending: ((value: number) => void)[] = [];
  const read = () => new Promise<number>((resolve) => pending.push(resolve));
  return { read, pending };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedReads', () => {
  it('never answers a caller with a read that began before it asked', async () => {
    const { read, pending } = manualRead();
    const version = sharedReads(read);
    const first = version();
    expect(pending).toHaveLength(1);
    // Asked while the first read runs: may not use it (a change may have committed since).
    const second = version();
    const third = version();
    expect(pending).toHaveLength(1);
    pending[0]!(1);
    expect(await first).toBe(1);
    await tick();
    expect(pending).toHaveLength(2);
    pending[1]!(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('shares one read among everyone who waits for it, and reads again when asked later', async () => {
    const { read, pending } = manualRead();
    const version = sharedReads(read);
    const first = version();
    const waiting = Array.from({ length: 10 }, () => version());
    pending[0]!(1);
    await first;
    await tick();
    pending[1]!(2);
    expect(await Promise.all(waiting)).toEqual(Array(10).fill(2));
    expect(pending).toHaveLength(2);
    const later = version();
    expect(pending).toHaveLength(3);
    pending[2]!(3);
    expect(await later).toBe(3);
  });

  it('lets a failed read fail only its own callers', async () => {
    let n = 0;
    const version = sharedReads(async () => {
      n += 1;
      if (n === 1) throw new Error('database gone');
      return n;
    });
    const failed = version();
    const next = version();
    await expect(failed).rejects.toThrow('database gone');
    expect(await next).toBe(2);
  });
});
