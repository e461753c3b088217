import { lazy, type ComponentType } from 'react';

/**
 * One page a screen's module exports by name, as its own chunk (react-admin's layout shows its
 * spinner while it arrives): `lazyPage(() => import('./support-tickets'), 'SupportTicketList')`.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
