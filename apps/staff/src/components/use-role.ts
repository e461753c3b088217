import { usePermissions } from 'react-admin';
import type { StaffRole } from '../data/types';

/** The signed-in staff member's role ('admin' | 'leader'), undefined while it loads. */
export function useRole(): StaffRole | undefined {
  const { permissions } = usePermissions<StaffRole>();
  return permissions;
}
