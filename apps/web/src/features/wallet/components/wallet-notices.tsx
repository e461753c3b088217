import { Alert, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { formatMoney, pluralize } from '../../../lib/format';
import { arWallet, tw } from '../../../i18n/ar-wallet';

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <IconButton aria-label={tw('notices.dismiss')} color="inherit" size="small" onClick={onClick}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * The payment-problem banner (spec §2, §8): a gateway that sent the student back with
 * `?error=` has its text shown, as text, under a fixed title.
 */
export function PaymentProblemBanner({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <Alert severity="error" action={<DismissButton onClick={onDismiss} />}>
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {tw('notices.paymentProblem')}
      </Typography>
      <Typography component="p" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Alert>
  );
}

/**
 * The pending-review notice (spec §2): mobile-wallet recharges staff have not reviewed yet.
 * @example <PendingReviewNotice count={meta.pending_mobile_payments_count} />
 */
export function PendingReviewNotice({ count }: { count: number }) {
  return (
    <Alert severity="info" role="status">
      {tw('notices.pending', { requests: pluralize(count, arWallet.plurals.request) })}
    </Alert>
  );
}

/** Where the address goes in the notice's text (a character no translation contains). */
const ADDRESS_MARK = '\u0000';

/** What the last transfer of this visit did, for the transfers-success notice. */
export interface TransferDone {
  amount: number;
  address: string;
  balance: number;
}

/**
 * The transfers-success notice (spec §2, ADR 020): the last transfer of this visit, its amount,
 * the address it went to and the balance left, until dismissed.
 */
export function TransferDoneNotice({
  transfer,
  onDismiss,
}: {
  transfer: TransferDone;
  onDismiss: () => void;
}) {
  // The address is a left-to-right code inside a right-to-left sentence: isolated, so its
  // letters and digits keep their order and do not pull the words around them.
  const [before, after = ''] = tw('notices.transferDone', {
    amount: formatMoney(transfer.amount),
    address: ADDRESS_MARK,
    balance: formatMoney(transfer.balance),
  }).split(ADDRESS_MARK);
  return (
    <Alert severity="success" action={<DismissButton onClick={onDismiss} />}>
      {before}
      <bdi dir="ltr">{transfer.address}</bdi>
      {after}
    </Alert>
  );
}
