import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { Message } from '../../../components/message-bar';
import { formatMoney } from '../../../lib/format';
import { tw } from '../../../i18n/ar-wallet';
import {
  useCreatePaymentOrder,
  type GatewayCheckout as Checkout,
} from '../api/create-payment-order';
import { openFawryCheckout } from '../lib/fawry-checkout';
import { leaveFor } from '../lib/leave-for';
import type { GatewayMethod } from '../lib/recharge-methods';
import { paymentOrderErrorMessage } from '../lib/wallet-messages';
import { BackButton, DialogForm } from './dialog-form';
import type { RechargeDone } from './recharge-dialog';

/** What the checkout shows once its order exists. */
type Shown =
  { kind: 'ready' } | { kind: 'leaving' } | Extract<Checkout, { kind: 'embed' | 'outside' }>;

/**
 * An online gateway's checkout (spec §7): the order is created for the amount, then Paymob's
 * page opens in this window (embedded here for installments), Fawry's pop-up opens over the
 * page (its script loaded only now), or Kashier's page opens outside. The gateway's callback
 * credits the wallet; 'done' here only closes the dialog and reads the wallet again.
 */
export function GatewayCheckout({
  method,
  amount,
  onBack,
  onDone,
}: {
  method: GatewayMethod;
  amount: number;
  onBack: () => void;
  onDone: RechargeDone;
}) {
  const order = useCreatePaymentOrder();
  const [shown, setShown] = useState<Shown>({ kind: 'ready' });
  const [opening, setOpening] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const pay = async () => {
    setMessage(null);
    let checkout: Checkout;
    try {
      checkout = await order.mutateAsync({ method, amount });
    } catch (error) {
      setMessage({ severity: 'error', text: paymentOrderErrorMessage(error) });
      return;
    }
    if (checkout.kind === 'redirect') {
      setShown({ kind: 'leaving' });
      leaveFor(checkout.url);
    } else if (checkout.kind === 'popup') {
      setOpening(true);
      try {
        await openFawryCheckout(checkout.chargeRequest, {
          staging: checkout.staging,
          onSuccess: () => onDone(tw('gateway.pending')),
          onFailure: () => setMessage({ severity: 'error', text: tw('gateway.cancelled') }),
        });
      } catch {
        setMessage({ severity: 'error', text: tw('gateway.scriptFailed') });
      } finally {
        setOpening(false);
      }
    } else {
      setShown(checkout);
    }
  };

  const busy = order.isPending || opening || shown.kind === 'leaving';
  const finished = (
    <Button variant="contained" onClick={() => onDone(tw('gateway.pending'))}>
      {tw('gateway.finished')}
    </Button>
  );
  return (
    <DialogForm
      onSubmit={() => shown.kind === 'ready' && pay()}
      message={message}
      actions={
        <>
          <BackButton onBack={onBack} busy={busy} />
          {shown.kind === 'outside' && (
            <Button
              component="a"
              href={shown.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
            >
              {tw('gateway.openPage')}
            </Button>
          )}
          {shown.kind === 'outside' || shown.kind === 'embed' ? (
            finished
          ) : (
            <Button type="submit" variant="contained" loading={busy}>
              {tw('gateway.pay')}
            </Button>
          )}
        </>
      }
    >
      <Typography>
        {tw('gateway.lead', {
          amount: formatMoney(amount),
          method: tw(`recharge.methods.${method}`),
        })}
      </Typography>
      {shown.kind === 'leaving' && <Alert severity="info">{tw('gateway.redirecting')}</Alert>}
      {(method === 'fawry' || method === 'fawry_staging') && shown.kind === 'ready' && (
        <Typography variant="body2" color="text.secondary">
          {tw('gateway.popupNote')}
        </Typography>
      )}
      {shown.kind === 'embed' && (
        <Box
          component="iframe"
          src={shown.url}
          title={tw('gateway.installmentFrame')}
          // As tall as the dialog allows beside its title, steps, line and buttons: a dialog whose
          // content scrolls around a frame leaves keyboard users a region they cannot reach.
          sx={{
            width: '100%',
            height: {
              xs: 'max(300px, calc(100dvh - 320px))',
              md: 'max(300px, calc(100vh - 380px))',
            },
            border: 0,
            borderRadius: 1,
          }}
        />
      )}
      {shown.kind === 'outside' && <Alert severity="info">{tw('gateway.outsideNote')}</Alert>}
    </DialogForm>
  );
}
