import { useEffect, useId, useState } from 'react';
import {
  FunctionField,
  List,
  Loading,
  SearchInput,
  SelectInput,
  TextField,
  useNotify,
  useShowController,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import type { StaffMobilePayment } from '@dars/contract';
import { formatDateTime, formatMoney } from '@dars/ui/format';
import { dailyCalls } from '../../data/daily-calls';
import { ResponsiveList } from '../../components/responsive-list';
import { ApproveRechargeDialog, type ApprovalBody } from './approve-recharge-dialog';
import { choicesOf } from '../../components/choices';
import { DateTimeField, MoneyField } from '../../components/formatted-fields';
import { failureOf } from '../../data/failure';

export const PAYMENT_STATUSES = choicesOf('dars.daily.payments.status', [
  'pending',
  'approved',
  'rejected',
]);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={PAYMENT_STATUSES} alwaysOn />,
];

function StatusChip({ status }: { status: StaffMobilePayment['status'] }) {
  const translate = useTranslate();
  // MUI's warning orange fails contrast with white text (3.1:1): a pending request is outlined.
  const color = status === 'pending' ? 'default' : status === 'approved' ? 'success' : 'error';
  return (
    <Chip
      size="small"
      color={color}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={translate(`dars.daily.payments.status.${status}`)}
    />
  );
}

/** What an approval credited, when it is not the claim, and the reviewer's note. */
function ApprovedAmount({ payment }: { payment: StaffMobilePayment }) {
  const translate = useTranslate();
  if (payment.approved_amount === null) return null;
  const other = payment.approved_amount !== payment.amount;
  return (
    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
      {other
        ? translate('dars.daily.payments.approved_other', {
            approved: formatMoney(payment.approved_amount),
            claimed: formatMoney(payment.amount),
          })
        : formatMoney(payment.approved_amount)}
      {payment.review_note && (
        <Typography component="span" variant="caption" sx={{ display: 'block' }}>
          {payment.review_note}
        </Typography>
      )}
    </Typography>
  );
}

/** The recharge queue: pending requests first shown, oldest first (worked in order). */
export function MobilePaymentList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'id', order: 'ASC' }}
      exporter={false}
    >
      <ResponsiveList<StaffMobilePayment>
        // Worked on here, not edited: a row opens the record's page.
        link="show"
        // A name with Latin letters would run into the amount across the dash: each isolated.
        primaryText={(r) => (
          <>
            <bdi>{r.student.name}</bdi> — <bdi>{formatMoney(r.amount)}</bdi>
          </>
        )}
        secondaryText={(r) => (
          <>
            {r.payer_number} — {formatDateTime(r.created_at)}
            <ApprovedAmount payment={r} />
          </>
        )}
      >
        <TextField source="id" />
        <TextField source="student.name" />
        <MoneyField source="amount" />
        <FunctionField<StaffMobilePayment>
          source="approved_amount"
          sortable={false}
          render={(r) => <ApprovedAmount payment={r} />}
        />
        <FunctionField<StaffMobilePayment>
          source="payer_number"
          render={(r) => <span dir="ltr">{r.payer_number}</span>}
        />
        <FunctionField<StaffMobilePayment>
          source="status"
          render={(r) => <StatusChip status={r.status} />}
        />
        <DateTimeField source="created_at" />
      </ResponsiveList>
    </List>
  );
}

/** The receipt, fetched with the staff token (an `<img src>` cannot send it). */
function Receipt({ paymentId, student }: { paymentId: number; student: string }) {
  const translate = useTranslate();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    dailyCalls
      .receipt(paymentId, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [paymentId]);
  if (failed)
    return <Alert severity="error">{translate('dars.daily.payments.receipt_failed')}</Alert>;
  if (!src)
    return (
      <Typography role="status">{translate('dars.daily.payments.receipt_loading')}</Typography>
    );
  return (
    <Box
      component="img"
      src={src}
      alt={`${translate('dars.daily.payments.receipt')} — ${student}`}
      sx={{ maxWidth: '100%', maxHeight: 600, borderRadius: 1, border: 1, borderColor: 'divider' }}
    />
  );
}

/** One request: the student, amount, payer number, message and receipt; approve or reject. */
export function MobilePaymentShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const { record, isPending, refetch } = useShowController<StaffMobilePayment>();
  const [fresh, setFresh] = useState<StaffMobilePayment | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  if (isPending || !record) return <Loading />;
  const payment = fresh && fresh.id === record.id ? fresh : record;

  /** 409: someone decided it first; show why and the request as it now stands. */
  async function decidedElsewhere(message: string) {
    setConfirming(false);
    setConflict(message);
    notify(message, { type: 'error' });
    const again = await refetch();
    if (again.data) setFresh(again.data);
  }

  async function approve(body: ApprovalBody) {
    setBusy(true);
    try {
      const { data } = await dailyCalls.approve(payment.id, body);
      setFresh(data);
      setConfirming(false);
      notify('dars.daily.payments.approved', { type: 'success' });
      void refetch();
    } catch (e) {
      // Any other refusal (a field, a leader above the claim) stays in the dialog.
      const { status, message } = failureOf(e);
      if (status === 409) await decidedElsewhere(message);
      else throw e;
    } finally {
      setBusy(false);
    }
  }

  async function reject() {
    setBusy(true);
    setReasonError(null);
    try {
      const { data } = await dailyCalls.reject(payment.id, reason);
      setFresh(data);
      notify('dars.daily.payments.rejected', { type: 'success' });
      void refetch();
    } catch (e) {
      const { status, fields, message } = failureOf(e);
      if (fields?.reason) setReasonError(fields.reason);
      else if (status === 409) await decidedElsewhere(message);
      else notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const pending = payment.status === 'pending';
  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Button component={RouterLink} to="/mobile-payments" sx={{ mb: 1 }}>
        {translate('dars.daily.payments.back')}
      </Button>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
            <Typography component="h1" variant="h5">
              <bdi>{payment.student.name}</bdi> — <bdi>{formatMoney(payment.amount)}</bdi>
            </Typography>
            <StatusChip status={payment.status} />
          </Stack>
          {conflict && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {conflict}
            </Alert>
          )}
          <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 }, '& dd': { m: 0 } }}>
            <dt>{translate('resources.mobile-payments.fields.student.phone')}</dt>
            <dd dir="ltr" style={{ textAlign: 'right' }}>
              {payment.student.phone}
            </dd>
            <dt>{translate('resources.mobile-payments.fields.payer_number')}</dt>
            <dd dir="ltr" style={{ textAlign: 'right' }}>
              {payment.payer_number}
            </dd>
            <dt>{translate('resources.mobile-payments.fields.message')}</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>
              {payment.message ?? translate('dars.daily.payments.no_message')}
            </dd>
            <dt>{translate('resources.mobile-payments.fields.created_at')}</dt>
            <dd>{formatDateTime(payment.created_at)}</dd>
            {payment.reviewed_by && payment.reviewed_at && (
              <>
                <dt>{translate('resources.mobile-payments.fields.reviewed_by.name')}</dt>
                <dd>
                  {payment.reviewed_by.name} — {formatDateTime(payment.reviewed_at)}
                </dd>
              </>
            )}
            {payment.approved_amount !== null && (
              <>
                <dt>{translate('resources.mobile-payments.fields.approved_amount')}</dt>
                <dd>{formatMoney(payment.approved_amount)}</dd>
              </>
            )}
            {payment.review_note && (
              <>
                <dt>{translate('resources.mobile-payments.fields.review_note')}</dt>
                <dd style={{ whiteSpace: 'pre-wrap' }}>{payment.review_note}</dd>
              </>
            )}
            {payment.reject_reason && (
              <>
                <dt>{translate('resources.mobile-payments.fields.reject_reason')}</dt>
                <dd>{payment.reject_reason}</dd>
              </>
            )}
          </Box>
          <Typography component="h2" variant="h6" sx={{ mt: 2, mb: 1 }}>
            {translate('dars.daily.payments.receipt')}
          </Typography>
          <Receipt paymentId={payment.id} student={payment.student.name} />
          {pending ? (
            <Stack spacing={2} sx={{ mt: 3 }}>
              <Box>
                <Button
                  variant="contained"
                  color="success"
                  disabled={busy}
                  onClick={() => setConfirming(true)}
                >
                  {translate('dars.daily.payments.approve')}
                </Button>
                <ApproveRechargeDialog
                  key={payment.id}
                  payment={payment}
                  open={confirming}
                  busy={busy}
                  onClose={() => setConfirming(false)}
                  onConfirm={approve}
                />
              </Box>
              <Box
                component="form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void reject();
                }}
              >
                <MuiTextField
                  id={reasonId}
                  label={translate('dars.daily.payments.reject_reason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  fullWidth
                  multiline
                  minRows={2}
                  error={reasonError !== null}
                  helperText={reasonError ?? ' '}
                />
                <Button type="submit" color="error" variant="outlined" disabled={busy}>
                  {translate('dars.daily.payments.reject')}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('dars.daily.payments.decided')}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
