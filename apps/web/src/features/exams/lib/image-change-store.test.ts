// @vitest-environment node
// Node's Blob, unlike jsdom's, goes through the structured clone IndexedDB stores with.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { indexedDbImageStore } from './image-change-store';

const png = (bytes: string) => new Blob([bytes], { type: 'image/png' });
const change = (question_id: number, seq: number, image: Blob | null) => ({
  question_id,
  seq,
  image,
  answer_text: `نص ${seq}`,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('indexedDbImageStore', () => {
  it('keeps one change per question and session, for the next page of the same browser', async () => {
    const factory = new IDBFactory();
    const store = indexedDbImageStore(factory);
    await store.save('s1', change(4, 10, png('old')));
    await store.save('s1', change(4, 12, png('new'))); // replaces the question's older change
    await store.save('s1', change(5, 11, null));
    await store.save('s2', change(4, 9, png('other session')));

    const reloaded = indexedDbImageStore(factory);
    const kept = (await reloaded.load('s1')).sort((a, b) => a.seq - b.seq);
    expect(kept).toEqual([change(5, 11, null), { ...change(4, 12, expect.any(Blob)) }]);
    expect(await kept[1]!.image!.text()).toBe('new');
    expect(kept[1]!.image!.type).toBe('image/png');
    expect(await reloaded.load('s2')).toHaveLength(1);
  });

  it('forgets a change up to the seq the server answered, never a newer one', async () => {
    const store = indexedDbImageStore(new IDBFactory());
    await store.save('s1', change(4, 12, png('new')));
    await store.remove('s1', 4, 11); // the answer to an older change
    expect(await store.load('s1')).toHaveLength(1);
    await store.remove('s1', 4, 12);
    expect(await store.load('s1')).toEqual([]);
  });

  it('clears one session and leaves the others', async () => {
    const store = indexedDbImageStore(new IDBFactory());
    await store.save('s1', change(4, 1, null));
    await store.save('s1', change(5, 2, null));
    await store.save('s2', change(4, 3, null));
    await store.clear('s1');
    expect(await store.load('s1')).toEqual([]);
    expect(await store.load('s2')).toEqual([change(4, 3, null)]);
  });

  it('finds and keeps nothing, without failing, when the browser has no IndexedDB', async () => {
    const store = indexedDbImageStore(undefined);
    await expect(store.save('s1', change(4, 1, png('x')))).resolves.toBeUndefined();
    expect(await store.load('s1')).toEqual([]);
  });

  it('goes on without the database when opening it is refused or never answers', async () => {
    const refused = {
      open: () => {
        const request = {} as IDBOpenDBRequest;
        queueMicrotask(() => request.onerror?.(new Event('error')));
        return request;
      },
    } as unknown as IDBFactory;
    expect(await indexedDbImageStore(refused).load('s1')).toEqual([]);

    vi.useFakeTimers();
    const silent = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory;
    const store = indexedDbImageStore(silent);
    const loaded = store.load('s1');
    await vi.advanceTimersByTimeAsync(3000);
    expect(await loaded).toEqual([]);
    await expect(store.clear('s1')).resolves.toBeUndefined();
  });
});
