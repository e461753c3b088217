import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import type { PayBy, PurchaseBody } from '@dars/contract';
import { fromPiasters, normalizeCode, roundPiasters } from '@dars/contract/plain';
import { formatMoney } from '../lib/format';
import { t } from '../i18n/t';
import { MessageBar, type Message } from './message-bar';

export interface PurchaseDialogProps {
  open: boolean;
  /** 'الحصول على الدورة' or 'الحصول على المحاضرة'. */
  title: string;
  /** The course or lecture being got. */
  itemName: string;
  /** What it costs now, in pounds (0 when free). */
  price: number;
  /** Free items need no payment data (spec §5). */
  free: boolean;
  /** The wallet balance, or null when unknown. */
  balance: number | null;
  /** The `enable_wallet_system` setting: without it the wallet is not offered. */
  walletEnabled: boolean;
  /** False for a lecture with `paycard_disabled`. */
  paycardAllowed?: boolean;
  /** The smallest recharge (`recharge_info.min_recharge_amount`): the recharge link asks at least this. */
  minRecharge?: number;
  busy: boolean;
  /** The outcome of the last attempt, mapped to its text by the caller (spec §8). */
  message: Message | null;
  /**
   * Sends the purchase. The code field is cleared once it settles, whatever the outcome
   * (spec §2: the code resets after each attempt). Errors are the caller's to show.
   */
  onSubmit: (body: PurchaseBody) => Promise<unknown>;
  onClose: () => void;
}

/**
 * What the wallet lacks to pay `price`: 0 when the balance covers it or is unknown. Counted in
 * whole piasters (the contract's money.ts), so that 39.99 + 0.01 is exactly 40.
 * @example walletShortfall(12.5, 40) // 27.5
 */
export function walletShortfall(balance: number | null, price: number): number {
  if (balance === null) return 0;
  return fromPiasters(Math.max(0, roundPiasters(price) - roundPiasters(balance)));
}

/**
 * The wallet page with its recharge dialog open on what is missing (at least the smallest
 * recharge, in whole piasters rounded up), as `/wallet?recharge=N` opens it.
 * @example rechargeLink(27.5, 10) // '/wallet?recharge=27.5'
 * @example rechargeLink(0.5, 1.1) // '/wallet?recharge=1.1'
 */
export function rechargeLink(shortfall: number, minRecharge: number): string {
  const amount = fromPiasters(Math.max(roundPiasters(shortfall), roundPiasters(minRecharge, 'up')));
  return `/wallet?recharge=${amount}`;
}

/**
 * The purchase dialog of courses and lectures (spec §2, §5): nothing to fill for a free
 * item; otherwise the wallet (chosen when the balance covers the price, blocked when it is
 * lower) or a pay card whose code is required, stripped of spaces, and cleared after each
 * attempt. Whenever the wallet cannot pay, the dialog says by how much it is short and links
 * to the recharge; whenever the confirm button is off, the reason is written beside it.
 * @example <PurchaseDialog open title={t('lectures.purchaseTitle')} itemName={lecture.name} price={40} free={false} balance={user.balance} walletEnabled busy={false} message={null} onSubmit={buy} onClose={close} />
 */
export function PurchaseDialog(props: PurchaseDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      <PurchaseForm {...props} />
    </Dialog>
  );
}

function PurchaseForm({
  itemName,
  price,
  free,
  balance,
  walletEnabled,
  paycardAllowed = true,
  minRecharge = 0,
  busy,
  message,
  onSubmit,
  onClose,
}: PurchaseDialogProps) {
  const balanceId = useId();
  const reasonId = useId();
  const shortfall = walletShortfall(balance, price);
  const walletShort = shortfall > 0;
  const walletUsable = walletEnabled && !walletShort;
  // The wallet when it can pay, else the pay card when it is allowed: the student only confirms.
  const [method, setMethod] = useState<PayBy | null>(() =>
    walletUsable ? 'wallet' : paycardAllowed ? 'paycard' : null,
  );
  const blocked = !free && method === null;
  /** Why the wallet cannot pay, or why nothing can be confirmed; shown beside the button. */
  const reason = free
    ? null
    : walletEnabled && walletShort
      ? `${t('purchase.walletMissing', { amount: formatMoney(shortfall) })} ${
          paycardAllowed ? t('purchase.walletMissingOrPaycard') : t('purchase.walletMissingOnly')
        }`
      : blocked
        ? t('purchase.noMethod')
        : null;
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const body = (): PurchaseBody | null => {
    if (free) return {};
    if (method === 'wallet') return { pay_by: 'wallet' };
    if (method === 'paycard') {
      const stripped = normalizeCode(code);
      if (!stripped) {
        setCodeError(t('purchase.codeRequired'));
        return null;
      }
      return { pay_by: 'paycard', code: stripped };
    }
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const purchase = body();
    if (!purchase || busy) return;
    try {
      await onSubmit(purchase);
    } catch {
      // The caller shows what went wrong through `message`.
    } finally {
      setCode('');
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 700 }}>{itemName}</Typography>
            <Typography color={free ? 'success.main' : 'primary.main'} sx={{ fontWeight: 700 }}>
              {free ? t('purchase.free') : t('purchase.price', { price: formatMoney(price) })}
            </Typography>
          </Stack>
          <MessageBar message={message} />
          {free ? (
            <Alert severity="info">{t('purchase.freeNote')}</Alert>
          ) : (
            <FormControl disabled={busy}>
              <FormLabel id={`${balanceId}-method`}>{t('purchase.method')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${balanceId}-method`}
                value={method ?? ''}
                onChange={(event) => {
                  setMethod(event.target.value as PayBy);
                  setCodeError(null);
                }}
              >
                {walletEnabled && (
                  <>
                    <FormControlLabel
                      value="wallet"
                      disabled={walletShort}
                      control={<Radio slotProps={{ input: { 'aria-describedby': balanceId } }} />}
                      label={t('purchase.wallet')}
                    />
                    <FormHelperText
                      id={balanceId}
                      error={walletShort}
                      sx={{ mt: -0.75, mb: 1, mx: 4 }}
                    >
                      {balance === null
                        ? t('purchase.walletHint')
                        : t('purchase.walletBalance', { balance: formatMoney(balance) })}
                      {walletShort && ` — ${t('purchase.walletShort')}`}
                    </FormHelperText>
                  </>
                )}
                <FormControlLabel
                  value="paycard"
                  disabled={!paycardAllowed}
                  control={<Radio />}
                  label={t('purchase.paycard')}
                />
                {!paycardAllowed && (
                  <FormHelperText sx={{ mt: -0.75, mx: 4 }}>
                    {t('purchase.paycardDisabled')}
                  </FormHelperText>
                )}
              </RadioGroup>
            </FormControl>
          )}
          {!free && method === 'paycard' && (
            <TextField
              label={t('purchase.code')}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(null);
              }}
              error={codeError !== null}
              helperText={codeError ?? t('purchase.codeHint')}
              disabled={busy}
              autoFocus
              autoComplete="off"
              fullWidth
              slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
            />
          )}
          {reason && (
            <Alert role="note" severity={blocked ? 'warning' : 'info'}>
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <span id={reasonId}>{reason}</span>
                {walletEnabled && walletShort && (
                  <Button
                    component={RouterLink}
                    to={rechargeLink(shortfall, minRecharge)}
                    variant="outlined"
                    color="inherit"
                    size="small"
                    startIcon={<AccountBalanceWalletOutlinedIcon />}
                  >
                    {t('purchase.recharge')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={busy}
          disabled={blocked}
          aria-describedby={blocked && reason ? reasonId : undefined}
        >
          {t('purchase.confirm')}
        </Button>
      </DialogActions>
    </Box>
  );
}
