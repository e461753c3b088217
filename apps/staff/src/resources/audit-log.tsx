import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  List,
  Pagination,
  ReferenceInput,
  SelectInput,
  TextInput,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '@dars/ui/format';
import { useRole } from '../components/use-role';
import { DayMonthYearInput } from '../components/day-month-year-input';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, AUDIT_TEXTS } from './people-texts';
import { useIsPhone } from '../components/phone-cards';
import { DateTimeField } from '../components/formatted-fields';

/**
 * The audit log (ADR 022's `GET /staff/audit-log`, admins only): newest first, filtered by
 * who, resource, action, a range of days and the changed item's number; each row opens what
 * changed, field by field, before and after (ADR 028).
 */

export type AuditEntry = {
  id: number;
  staff_user_id: number | null;
  staff_user_name: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  /** The record's name now, or as last audited once deleted (the server reads it). */
  resource_name?: string | null;
  /** The record is still there: its name links to it. */
  resource_exists?: boolean;
  before: unknown;
  after: unknown;
  created_at: string;
};

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

/**
 * The log's filters. On a desktop they are all shown above the rows; on a phone the eight of
 * them filled the first screen and pushed every row below it, so there they wait behind
 * react-admin's «إضافة عامل تصفية» button, each added when wanted.
 */
const auditFilters = (onPhone: boolean) => [
  // Labelled here as well: the filter menu names a filter by its outer element's label (it
  // said «Staff user» from the field's source).
  <ReferenceInput
    key="staff_user_id"
    source="staff_user_id"
    reference="accounts"
    label={AUDIT_TEXTS.by}
    alwaysOn={!onPhone}
  >
    <AutocompleteInput optionText="name" label={AUDIT_TEXTS.by} />
  </ReferenceInput>,
  <SelectInput
    key="resource"
    source="resource"
    choices={choices(AUDIT_RESOURCES)}
    alwaysOn={!onPhone}
  />,
  <SelectInput key="action" source="action" choices={choices(AUDIT_ACTIONS)} alwaysOn={!onPhone} />,
  <DayMonthYearInput key="from" source="from" filter="from" alwaysOn={!onPhone} />,
  <DayMonthYearInput key="to" source="to" filter="to" alwaysOn={!onPhone} />,
  <TextInput
    key="q"
    source="q"
    label={AUDIT_TEXTS.resourceId}
    slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
  />,
];

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One value as a person reads it: yes/no, dates in Cairo time, lists joined, a dash for none.
 * @example auditValue(true) // 'نعم'
 */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return AUDIT_TEXTS.none;
  if (typeof value === 'boolean') return value ? AUDIT_TEXTS.yes : AUDIT_TEXTS.no;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return ISO_MOMENT.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return AUDIT_TEXTS.none;
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      return value.map(auditValue).join('، ');
    }
  }
  return JSON.stringify(value);
}

function asObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  return value === null || value === undefined ? {} : { value };
}

/**
 * The fields an entry touched: on an update only those whose value changed, on a create or a
 * delete every field of the item.
 */
export function auditRows(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>) {
  const before = asObject(entry.before);
  const after = asObject(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const both = entry.before != null && entry.after != null;
  return keys
    .filter((key) => !both || JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}

const actionName = (action: string) => AUDIT_ACTIONS[action] ?? action;
const resourceName = (resource: string) => AUDIT_RESOURCES[resource] ?? resource;

// Text with no Arabic letter but Latin letters or digits (a path, code, e-mail, phone, URL):
// laid out left to right inside the right-to-left line.
const ARABIC = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z0-9]/;

/**
 * One value in its own bidi island (`<bdi>`): its direction never spills into the Arabic line
 * around it, and Latin text reads left to right (`dir="ltr"`), so `uploads/a.pdf` or an exam
 * code stays whole where it stands.
 * @example <Isolated text="lectures/7/notes.pdf" />
 */
export function Isolated({ text }: { text: string }) {
  const ltr = !ARABIC.test(text) && LATIN.test(text);
  return (
    <bdi dir={ltr ? 'ltr' : 'auto'} style={{ unicodeBidi: 'isolate' }}>
      {text}
    </bdi>
  );
}

/**
 * Where a record opens in the console, by its resource; undefined for one with no page of its
 * own (a message, a marked answer) or with none left.
 * @example auditLink('courses', '7') // '/courses/7'
 */
export function auditLink(resource: string, id: string | null): string | undefined {
  if (SINGLETONS.has(resource)) return `/${resource}`;
  if (id === null) return undefined;
  if (EDITED.has(resource)) return `/${resource}/${encodeURIComponent(id)}`;
  if (SHOWN.has(resource)) return `/${resource}/${encodeURIComponent(id)}/show`;
  if (LISTED.has(resource)) {
    return `/${resource}?filter=${encodeURIComponent(JSON.stringify({ q: id }))}`;
  }
  return undefined;
}
const SINGLETONS = new Set(['settings', 'header-images']);
const EDITED = new Set([
  'courses',
  'lectures',
  'videos',
  'attachments',
  'exams',
  'questions',
  'lecture-exams',
  'teachers',
  'grades',
  'categories',
  'accounts',
]);
const SHOWN = new Set(['students', 'support-tickets', 'mobile-payments']);
const LISTED = new Set(['payment-orders']);

/**
 * The record an entry changed: its kind, its name (a link while it exists) and its number.
 */
export function AuditTarget({ entry, linked = true }: { entry: AuditEntry; linked?: boolean }) {
  const name = entry.resource_name ?? null;
  const link =
    linked && (entry.resource_exists || SINGLETONS.has(entry.resource))
      ? auditLink(entry.resource, entry.resource_id)
      : undefined;
  const kind = resourceName(entry.resource);
  const open = (content: ReactNode) =>
    link ? (
      <Link component={RouterLink} to={link} onClick={(e) => e.stopPropagation()}>
        {content}
      </Link>
    ) : (
      content
    );
  // The settings and the home page's images: one of each, named by their kind.
  if (name === null && entry.resource_id === null) return open(kind);
  const text = name ?? `#${entry.resource_id}`;
  return (
    <Box component="span">
      {kind}
      {': '}
      {open(<Isolated text={text} />)}
      {name && entry.resource_id ? (
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          <Isolated text={`#${entry.resource_id}`} />
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Where the console's catalogue words the codes a field of the log's states holds (issue 23):
 * by the entry's resource first (a `status` means something else on each), then on any
 * resource. A code missing from its words, or in a field not listed, is shown as it is.
 */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  'payment-orders': { status: 'dars.money.orders.status', result: 'dars.audit.results' },
  'mobile-payments': { status: 'dars.daily.payments.status' },
  'support-tickets': { status: 'dars.daily.support.status', kind: 'dars.daily.support.kind' },
  messages: { audience: 'dars.people.messages.audiences' },
  exams: { attempt_rule: 'dars.exams.attempt_rules' },
};
const ANY_RESOURCE_WORDS: Record<string, string> = {
  method: 'dars.audit.methods',
  pay_by: 'dars.people.purchases.by',
  provider: 'dars.money.orders.provider',
  role: 'dars.roles',
  pay_type: 'dars.pay_type',
  kind: 'dars.kind',
  type: 'dars.question_type',
};

/**
 * The catalogue's key of a code in a field, or undefined when the field holds no known codes.
 * @example auditWordKey('exams', 'kind', 'homework') // 'dars.kind.homework'
 */
export function auditWordKey(resource: string, field: string, code: string): string | undefined {
  const words = VALUE_WORDS[resource]?.[field] ?? ANY_RESOURCE_WORDS[field];
  // A code is a plain word: anything else (a dot would read as a nested key) is not looked up.
  return words && /^[a-z][a-z0-9_-]*$/.test(code) ? `${words}.${code}` : undefined;
}

/**
 * One value of a field: a known code by its Arabic word (each of a list too), anything else as
 * `auditValue` writes it, isolated (a code or path that stays raw reads left to right).
 */
function AuditCell({
  resource,
  field,
  value,
}: {
  resource: string;
  field: string;
  value: unknown;
}) {
  const translate = useTranslate();
  const word = (code: unknown): string | undefined => {
    if (typeof code !== 'string') return undefined;
    const key = auditWordKey(resource, field, code);
    const text = key ? translate(key, { _: '' }) : '';
    return text === '' ? undefined : text;
  };
  if (Array.isArray(value) && value.length > 0 && value.every((v) => word(v) !== undefined)) {
    return <Isolated text={value.map((v) => word(v)).join('، ')} />;
  }
  return <Isolated text={word(value) ?? auditValue(value)} />;
}

/** What changed, as a small table: field, before, after. */
export function AuditChanges({ entry }: { entry?: AuditEntry }) {
  const contextRecord = useRecordContext<AuditEntry>();
  const record = entry ?? contextRecord;
  const translate = useTranslate();
  if (!record) return null;
  const rows = auditRows(record);
  if (rows.length === 0) return <Typography sx={{ p: 1 }}>{AUDIT_TEXTS.noChanges}</Typography>;
  // The resource's own label first, then the log's names, then the settings' (ADR 034).
  const label = (key: string) =>
    translate(`resources.${record.resource}.fields.${key}`, {
      _: translate(`dars.audit.fields.${key}`, {
        _: translate(`dars.settings.fields.${key}`, { _: key }),
      }),
    });
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={AUDIT_TEXTS.changesOf.replace('%{id}', String(record.id))}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {AUDIT_TEXTS.field}
            </TableCell>
            <TableCell component="th" scope="col">
              {AUDIT_TEXTS.before}
            </TableCell>
            <TableCell component="th" scope="col">
              {AUDIT_TEXTS.after}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {label(row.key)}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <AuditCell resource={record.resource} field={row.key} value={row.before} />
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <AuditCell resource={record.resource} field={row.key} value={row.after} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const who = (r: AuditEntry) => r.staff_user_name ?? AUDIT_TEXTS.commandLine;

/** A phone: one card per entry, its changes folded under «التفاصيل». */
function AuditCards() {
  const { data } = useListContext<AuditEntry>();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {(data ?? []).map((entry) => (
        <Accordion key={entry.id} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Box>
              <Typography>
                {/* No link inside the summary: it is a button itself (nested controls). */}
                {actionName(entry.action)} · <AuditTarget entry={entry} linked={false} />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {who(entry)} · {formatDateTime(entry.created_at)}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ mb: 1 }}>
              <AuditTarget entry={entry} />
            </Typography>
            <AuditChanges entry={entry} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Stack>
  );
}

function AuditRows() {
  const isPhone = useIsPhone();
  if (isPhone) return <AuditCards />;
  return (
    <Datagrid rowClick="expand" expand={<AuditChanges />} bulkActionButtons={false}>
      <DateTimeField source="created_at" sortable />
      <FunctionField<AuditEntry> source="staff_user_name" sortable={false} render={who} />
      <FunctionField<AuditEntry>
        source="action"
        sortable={false}
        render={(r) => actionName(r.action)}
      />
      <FunctionField<AuditEntry>
        source="resource"
        sortable={false}
        render={(r) => <AuditTarget entry={r} />}
      />
    </Datagrid>
  );
}

export function AuditLogList() {
  // react-admin asks for the list once before its access check sends a leader away: wait
  // for the role (the server would refuse a leader anyway, 403). The filters wait too: their
  // staff-member picker asks for the staff accounts.
  const admin = useRole() === 'admin';
  const onPhone = useIsPhone();
  return (
    <List
      queryOptions={{ enabled: admin }}
      filters={admin ? auditFilters(onPhone) : undefined}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      exporter={false}
    >
      <AuditRows />
    </List>
  );
}
