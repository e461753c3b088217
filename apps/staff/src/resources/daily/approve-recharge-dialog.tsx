import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { toPiasters, type StaffMobilePayment } from '@dars/contract';
import { formatMoney } from '@dars/ui/format';
import { useRole } from '../../components/use-role';
import { parsePounds } from './parse-pounds';
import { failureOf, failureText } from '../../data/failure';

/** What the dialog sends: the amount in pounds and the note, when there is one. */
export type ApprovalBody = { amount: number; note?: string };

/**
 * The confirmation before a recharge is credited (issue 23): it names the student and the
 * amount, lets the reviewer credit another amount than the claim (the receipt shows less) with
 * a note, required once the amounts differ, and says a leader approves up to the claim (the
 * server refuses more, ADR 025 follow-up). `onConfirm` makes the call; its 422 field errors
 * are shown under the fields, any other refusal above them.
 */
export function ApproveRechargeDialog({
  payment,
  open,
  busy,
  onClose,
  onConfirm,
}: {
  payment: StaffMobilePayment;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (body: ApprovalBody) => Promise<void>;
}) {
  const translate = useTranslate();
  const role = useRole();
  const titleId = useId();
  const [amountText, setAmountText] = useState(String(payment.amount));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string; form?: string }>({});
  const amount = parsePounds(amountText);
  const differs = amount !== null && toPiasters(amount) !== toPiasters(payment.amount);
  const aboveClaim = amount !== null && toPiasters(amount) > toPiasters(payment.amount);

  async function submit() {
    if (amount === null) return setErrors({ amount: translate('dars.daily.approval.bad_amount') });
    if (differs && !note.trim())
      return setErrors({ note: translate('dars.daily.approval.note_required') });
    if (aboveClaim && role !== 'admin')
      return setErrors({ amount: translate('dars.daily.approval.above_claim') });
    setErrors({});
    try {
      await onConfirm(note.trim() ? { amount, note: note.trim() } : { amount });
    } catch (e) {
      const { fields } = failureOf(e);
      setErrors(
        fields?.amount || fields?.note
          ? { amount: fields.amount, note: fields.note }
          : { form: failureText(e, translate) },
      );
    }
  }

  const shown = amount === null ? '—' : formatMoney(amount);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>
        {translate('dars.daily.approval.title', { name: payment.student.name })}
      </DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('dars.daily.approval.body', {
              name: payment.student.name,
              claimed: formatMoney(payment.amount),
            })}
          </DialogContentText>
          {errors.form && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.form}
            </Alert>
          )}
          <Stack spacing={2}>
            <TextField
              label={translate('dars.daily.approval.amount')}
              value={amountText}
              onChange={(e) => {
                setAmountText(e.target.value);
                setErrors(({ amount: _fixed, ...rest }) => rest);
              }}
              required
              error={Boolean(errors.amount)}
              helperText={
                errors.amount ??
                translate(
                  role === 'admin'
                    ? 'dars.daily.approval.amount_help_admin'
                    : 'dars.daily.approval.amount_help_leader',
                )
              }
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
            <TextField
              label={translate(
                differs ? 'dars.daily.approval.note_needed' : 'dars.daily.approval.note',
              )}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setErrors(({ note: _fixed, ...rest }) => rest);
              }}
              required={differs}
              multiline
              minRows={2}
              error={Boolean(errors.note)}
              helperText={errors.note ?? translate('dars.daily.approval.note_help')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={busy}>
            {translate('dars.daily.approval.confirm', { amount: shown })}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
