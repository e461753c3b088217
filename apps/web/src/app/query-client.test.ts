import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from './query-client';

const unauthorized = () =>
  Promise.reject(new ApiError({ status: 401, message: 'Unauthenticated.' }));

describe('createQueryClient', () => {
  it('hands a 401 to the app layer (forced logout)', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: unauthorized, retry: false })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves a 401 alone for a query that handles its own', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({
        queryKey: ['y'],
        queryFn: unauthorized,
        retry: false,
        meta: { handlesUnauthorized: true },
      })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a 401 of a mutation to the app layer too', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .getMutationCache()
      .build(client, { mutationFn: unauthorized })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves a 401 alone for a mutation that handles its own (logout)', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .getMutationCache()
      .build(client, { mutationFn: unauthorized, meta: { handlesUnauthorized: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores other failures', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({
        queryKey: ['z'],
        queryFn: () => Promise.reject(new ApiError({ status: 500, message: 'boom' })),
        retry: false,
      })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
