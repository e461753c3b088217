import { useEffect } from 'react';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@dars/contract/plain';

function nearPageBottom(threshold: number): boolean {
  const { scrollHeight } = document.documentElement;
  return window.innerHeight + window.scrollY >= scrollHeight - threshold;
}

/**
 * Calls `onLoadMore` when the page is scrolled within `threshold` px of its bottom
 * (spec §9: 100 px), and right away when the content is too short to scroll. Pass
 * `enabled: false` while a page is loading or there is none left.
 * @example useInfiniteScroll({ enabled: hasNextPage && !isFetching, onLoadMore: fetchNextPage })
 */
export function useInfiniteScroll({
  enabled,
  onLoadMore,
  threshold = INFINITE_SCROLL_THRESHOLD_PX,
}: {
  enabled: boolean;
  onLoadMore: () => void;
  threshold?: number;
}) {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (nearPageBottom(threshold)) onLoadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, onLoadMore, threshold]);
}
