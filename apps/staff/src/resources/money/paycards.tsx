import { useState } from 'react';
import {
  AutocompleteInput,
  Confirm,
  Create,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SimpleForm,
  TextField,
  TopToolbar,
  CreateButton,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  GlobalStyles,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import type { StaffPaycardBatch } from '@dars/contract';
import { formatDate, formatDateTime, formatMoney } from '@dars/ui/format';
import { moneyCalls, type IssuedBatch } from '../../data/money-calls';
import { batchTarget, downloadText, paycardCsv, paycardCsvName } from './paycard-export';
import { PhoneCards, useIsPhone } from '../../components/phone-cards';
import { DayMonthYearInput } from '../../components/day-month-year-input';
import { DateTimeField, MoneyField } from '../../components/formatted-fields';
import { consoleSchool } from '../../school';
import { failureOf } from '../../data/failure';

// Pay-card batches (issue 13, ADR 030), admins only: the list with used/unused counts and a
// disable button, and the issue form whose answer (the codes, shown this once) becomes a CSV
// download and a printable A4 sheet of cards.

/** Whether the batch's cards can no longer be redeemed: their expiry has passed. */
const isExpired = (batch: StaffPaycardBatch) =>
  batch.expires_at !== null && Date.parse(batch.expires_at) <= Date.now();

function DisableButton() {
  const batch = useRecordContext<StaffPaycardBatch>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Nothing left to stop: every card used or disabled, or the batch expired.
  if (!batch || batch.disabled_at !== null || batch.unused === 0 || isExpired(batch)) return null;
  async function disable() {
    setBusy(true);
    try {
      await moneyCalls.disableBatch(batch!.id);
      notify('dars.money.paycards.disabled_done', { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <>
      <Button
        color="error"
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('dars.money.paycards.disable')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('dars.money.paycards.disable_title', { id: batch.id })}
        content={translate('dars.money.paycards.disable_body', { smart_count: batch.unused })}
        confirm={translate('dars.money.paycards.disable')}
        onConfirm={disable}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function BatchState({ batch }: { batch: StaffPaycardBatch }) {
  const translate = useTranslate();
  return (
    <span>
      {translate('dars.money.paycards.counts', {
        used: batch.used,
        unused: batch.unused,
        disabled: batch.disabled,
      })}
      {isExpired(batch) && ` — ${translate('dars.money.paycards.expired')}`}
    </span>
  );
}

/** A phone: a card per batch, its disable button under it. */
function BatchCards() {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.paycard-batches.fields.${name}`);
  return (
    <PhoneCards<StaffPaycardBatch>
      title={(b) => `${field('id')} ${b.id} · ${formatMoney(b.value)}`}
      lines={(b) => [
        { label: field('count'), value: b.count },
        { label: field('used'), value: <BatchState batch={b} /> },
        { label: field('course'), value: batchTarget(b) },
        {
          label: translate('dars.money.paycards.expires'),
          value: b.expires_at ? formatDate(b.expires_at) : '—',
        },
        {
          label: field('created_by.name'),
          value: `${b.created_by.name} · ${formatDateTime(b.created_at)}`,
        },
      ]}
      actions={<DisableButton />}
    />
  );
}

/** The batches, newest first. */
export function PaycardBatchList() {
  const isPhone = useIsPhone();
  return (
    <List
      sort={{ field: 'id', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton label="dars.money.paycards.issue" />
        </TopToolbar>
      }
    >
      {isPhone ? <BatchCards /> : <BatchTable />}
    </List>
  );
}

/** From `sm` up: a table, a batch a row, its disable button in the last column. */
function BatchTable() {
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <MoneyField source="value" />
      <TextField source="count" />
      <FunctionField<StaffPaycardBatch>
        source="used"
        sortable={false}
        render={(b) => <BatchState batch={b} />}
      />
      <FunctionField<StaffPaycardBatch>
        source="course"
        sortable={false}
        render={(b) => batchTarget(b)}
      />
      <FunctionField<StaffPaycardBatch>
        source="expires_at"
        label="dars.money.paycards.expires"
        sortable={false}
        render={(b) => (b.expires_at ? formatDate(b.expires_at) : '—')}
      />
      <TextField source="created_by.name" sortable={false} />
      <DateTimeField source="created_at" />
      <DisableButton />
    </Datagrid>
  );
}

/** A lecture of the chosen course (any lecture while no course is chosen). */
function LectureInput() {
  const courseId = useWatch({ name: 'course_id' }) as number | null | undefined;
  return (
    <ReferenceInput
      source="lecture_id"
      reference="lectures"
      filter={courseId ? { course_id: courseId } : {}}
    >
      <AutocompleteInput optionText="name" fullWidth />
    </ReferenceInput>
  );
}

const DEFAULTS = { value: 50, count: 50, course_id: null, lecture_id: null, expires_at: null };

/** The issue form; its answer replaces it with the codes (shown this once). */
export function PaycardBatchCreate() {
  const [issued, setIssued] = useState<IssuedBatch | null>(null);
  if (issued) return <IssuedCodes batch={issued} onAnother={() => setIssued(null)} />;
  return (
    <Create<IssuedBatch>
      redirect={false}
      mutationOptions={{ onSuccess: (batch) => setIssued(batch) }}
    >
      <SimpleForm defaultValues={DEFAULTS}>
        {/* No min/max: the browser would refuse the form before the server's Arabic message. */}
        <NumberInput source="value" />
        <NumberInput source="count" />
        <ReferenceInput source="course_id" reference="courses">
          <AutocompleteInput optionText="name" fullWidth />
        </ReferenceInput>
        <LectureInput />
        <DayMonthYearInput source="expires_at" withTime />
      </SimpleForm>
    </Create>
  );
}

/** Print: only the sheet of cards, on A4. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '10mm' },
        'body *': { visibility: 'hidden' },
        '.paycard-sheet, .paycard-sheet *': { visibility: 'visible' },
        '.paycard-sheet': { position: 'absolute', insetInlineStart: 0, top: 0, width: '190mm' },
      },
    }}
  />
);

/**
 * The A4 sheet: three cards a row, seven rows a page; each card its value, its code on one
 * line, its terms and where in the student app to enter it.
 */
export function PaycardSheet({ batch }: { batch: IssuedBatch }) {
  const translate = useTranslate();
  const expires = batch.expires_at
    ? translate('dars.money.paycards.card_expires', { date: formatDate(batch.expires_at) })
    : translate('dars.money.paycards.card_no_expiry');
  const target = batch.lecture ?? batch.course;
  // In the school's name, with its logo (ADR 049).
  const school = consoleSchool();
  const howTo = target
    ? translate('dars.money.paycards.how_to_target', {
        target: `«${target.name}»`,
        name: school.name,
      })
    : translate('dars.money.paycards.how_to_any', { name: school.name });
  return (
    <Box
      className="paycard-sheet"
      dir="rtl"
      lang="ar"
      sx={{
        // Only on paper: the screen shows the codes' table instead.
        display: 'none',
        '@media print': { display: 'grid' },
        gridTemplateColumns: 'repeat(3, 1fr)',
        gap: '3mm',
        fontFamily: 'inherit',
      }}
    >
      {batch.codes.map((code) => (
        <Box
          key={code}
          sx={{
            height: '34mm',
            border: '0.3mm dashed #555',
            borderRadius: '2mm',
            p: '2mm',
            breakInside: 'avoid',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
            color: '#000',
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '9pt' }}>
            <Box
              component="strong"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: '1mm' }}
            >
              {school.logo_light && (
                <Box component="img" src={school.logo_light} alt="" sx={{ height: '5mm' }} />
              )}
              {translate('dars.money.paycards.card_title', { name: school.name })}
            </Box>
            <strong>{formatMoney(batch.value)}</strong>
          </Box>
          <Box
            dir="ltr"
            className="paycard-code"
            sx={{
              textAlign: 'center',
              fontFamily: 'monospace',
              // One line always: 19 characters at 11pt with 0.2mm between them take about
              // 48mm of the card's 57mm (at 12pt and 0.5mm they took 58mm and wrapped).
              fontSize: '11pt',
              letterSpacing: '0.2mm',
              whiteSpace: 'nowrap',
            }}
          >
            {code}
          </Box>
          <Box sx={{ fontSize: '6.5pt', lineHeight: 1.3 }}>
            <div>
              {batchTarget(batch)} — {expires}
            </div>
            <div>{howTo}</div>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The codes of a new batch: shown this once, with the CSV download and the print view. */
export function IssuedCodes({ batch, onAnother }: { batch: IssuedBatch; onAnother: () => void }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      {printStyles}
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('dars.money.paycards.issued_title', { smart_count: batch.count })}
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('dars.money.paycards.once')}
        </Alert>
        <Typography sx={{ mb: 2 }}>
          {formatMoney(batch.value)} — {batchTarget(batch)} —{' '}
          {batch.expires_at
            ? translate('dars.money.paycards.card_expires', { date: formatDate(batch.expires_at) })
            : translate('dars.money.paycards.card_no_expiry')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            onClick={() => downloadText(paycardCsv(batch), paycardCsvName(batch))}
          >
            {translate('dars.money.paycards.csv')}
          </Button>
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {translate('dars.money.paycards.print')}
          </Button>
          <Button variant="text" onClick={onAnother}>
            {translate('dars.money.paycards.another')}
          </Button>
          <Button variant="text" component={RouterLink} to="/paycard-batches">
            {translate('dars.money.paycards.to_list')}
          </Button>
        </Stack>
        <Table size="small" aria-label={translate('dars.money.paycards.codes_table')}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{translate('dars.money.paycards.code')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {batch.codes.map((code, i) => (
              <TableRow key={code}>
                <TableCell>{i + 1}</TableCell>
                <TableCell dir="ltr" sx={{ fontFamily: 'monospace', textAlign: 'right' }}>
                  {code}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
      <PaycardSheet batch={batch} />
    </Card>
  );
}
