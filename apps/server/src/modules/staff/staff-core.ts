// The audited change and the list recipe live below the domain modules (db/), which write their
// own tables with them; the staff files use them through here.
export {
  change,
  conflict,
  isAdmin,
  notFound,
  writeAudit,
  type Actor,
  type AuditEntry,
  type Db,
  type Trx,
} from '../../db/audited-change';
export {
  bool,
  countOf,
  defined,
  flagOf,
  likePattern,
  listPage,
  matches,
  pageOf,
  selectedPage,
  sortOf,
  STUDENT_SELECT,
  studentOf,
} from '../../db/list-page';
