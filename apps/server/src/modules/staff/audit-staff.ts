import type { z } from 'zod';
import type { StaffAuditEntry, staffAuditListQuerySchema } from '@dars/contract';
import { auditTargets } from '../reports/audit-names';
import { listPage, type Db } from './staff-core';

function parsed(json: string | null): unknown {
  return json === null ? null : JSON.parse(json);
}

/**
 * The audit log for admins, newest first by default, filtered by staff member, resource,
 * action (`q` searches the resource id) and a time range. Each entry names its record
 * (reports/audit-names.ts): one query per resource type on the page.
 */
export async function listAudit(db: Db, query: z.output<typeof staffAuditListQuerySchema>) {
  let base = db.selectFrom('staff_audit_log');
  if (query.staff_user_id !== undefined) base = base.where('user_id', '=', query.staff_user_id);
  if (query.resource !== undefined) base = base.where('resource', '=', query.resource);
  if (query.action !== undefined) base = base.where('action', '=', query.action);
  if (query.from !== undefined) base = base.where('created_at', '>=', query.from);
  if (query.to !== undefined) base = base.where('created_at', '<=', query.to);
  if (query.q) base = base.where('resource_id', '=', query.q);
  const { rows, total } = await listPage(
    base,
    { ...query, order: query.sort ? query.order : 'desc' },
    ['id', 'created_at'],
    'id',
  );
  const entries = rows.map((r) => ({ ...r, before: parsed(r.before), after: parsed(r.after) }));
  const targets = await auditTargets(db, entries);
  const data: StaffAuditEntry[] = entries.map((r, i) => ({
    id: r.id,
    staff_user_id: r.user_id,
    staff_user_name: r.user_name,
    action: r.action,
    resource: r.resource,
    resource_id: r.resource_id,
    ...targets[i]!,
    before: r.before,
    after: r.after,
    created_at: r.created_at,
  }));
  return { data, meta: { total } };
}
