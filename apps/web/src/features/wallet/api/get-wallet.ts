import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { GetWalletResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * One page of GET /wallet: the balance, the address, the pending-review count and a page of
 * the ledger, newest first. Later pages follow the server's `transactions.links.next`.
 * @example const first = await getWallet(null)
 * @example const second = await getWallet(first.transactions.links.next)
 */
export function getWallet(next: string | null, signal?: AbortSignal): Promise<GetWalletResponse> {
  return next
    ? callEndpoint(routes.getWallet, { url: next, signal })
    : callEndpoint(routes.getWallet, { signal });
}

/**
 * Asked again on every visit, and when the student comes back to the tab (a payment made in
 * Kashier's tab, a recharge reviewed, a transfer received all change it from elsewhere). After
 * a change every loaded page is read again, so the ledger never shows a row twice or misses one.
 */
export function walletQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['wallet'],
    queryFn: ({ pageParam, signal }) => getWallet(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.transactions.links.next,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** @example const { data, fetchNextPage, hasNextPage } = useWallet() */
export function useWallet() {
  return useInfiniteQuery(walletQueryOptions());
}
