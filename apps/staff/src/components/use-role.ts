import { usePermissions } from 'react-admin';
import type { StaffMemberRole } from '@dars/contract';

/**
 * The signed-in staff member's role, undefined while it loads: 'admin' (groupId 1) may do
 * everything; 'leader' (groupId 2) content and exams only; 'teacher' (groupId 3, ADR 048) their
 * own courses' content, exams and marking.
 */
export function useRole(): StaffMemberRole | undefined {
  const { permissions } = usePermissions<StaffMemberRole>();
  return permissions;
}
