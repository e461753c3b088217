import { useCallback, useId, useState } from 'react';
import { Dialog, DialogTitle, Step, StepLabel, Stepper } from '@mui/material';
import type { RechargeMethod } from '@dars/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useAppSettings } from '../../../lib/app-settings-context';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { platform } from '../../../platform/platform';
import { tw } from '../../../i18n/ar-wallet';
import { usePreselectSingle } from '../hooks/use-preselect-single';
import { parseAmount, type RechargeChoice } from '../lib/recharge-form';
import { isGateway, offeredMethods } from '../lib/recharge-methods';
import { CardCheckout } from './card-checkout';
import { GatewayCheckout } from './gateway-checkout';
import { MobileWalletCheckout } from './mobile-wallet-checkout';
import { RechargeStartStep } from './recharge-start-step';

/** How a checkout ends: the text to confirm it with, and the wallet is read again. */
export type RechargeDone = (message: string) => void;

/**
 * The recharge dialog (spec §2, §4): step 0 the amount and the method, step 1 the method's
 * checkout, then done, which closes the dialog (its form starts afresh next time) and reloads
 * the wallet. `initialAmount` is the `?recharge=N` of the page.
 */
export function RechargeDialog({
  open,
  initialAmount,
  onClose,
  onDone,
}: {
  open: boolean;
  initialAmount: string;
  onClose: () => void;
  /** Called once a checkout is done, after its message is shown. */
  onDone: () => void;
}) {
  const titleId = useId();
  const fullScreen = !useIsDesktop();
  const showSnackbar = useSnackbar();
  const done = useCallback<RechargeDone>(
    (message) => {
      showSnackbar(message);
      onDone();
    },
    [showSnackbar, onDone],
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{tw('recharge.title')}</DialogTitle>
      {/* Mounted only while open: every opening starts at step 0 with the page's amount. */}
      <RechargeFlow initialAmount={initialAmount} onCancel={onClose} onDone={done} />
    </Dialog>
  );
}

function RechargeFlow({
  initialAmount,
  onCancel,
  onDone,
}: {
  initialAmount: string;
  onCancel: () => void;
  onDone: RechargeDone;
}) {
  const { recharge_info } = useAppSettings();
  const { methods, webWallet } = offeredMethods(recharge_info.supported_methods, {
    isNative: platform.isNative,
  });
  const [step, setStep] = useState<0 | 1>(0);
  const [choice, setChoice] = useState<RechargeChoice>({ amount: initialAmount, method: null });
  const chooseMethod = useCallback(
    (method: RechargeMethod) => setChoice((current) => ({ ...current, method })),
    [],
  );
  usePreselectSingle(methods, choice.method, chooseMethod);

  const amount = parseAmount(choice.amount) ?? 0;
  const back = () => setStep(0);
  return (
    <>
      <Stepper activeStep={step} alternativeLabel sx={{ px: 2, pb: 1 }}>
        <Step>
          <StepLabel>{tw('recharge.stepStart')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{tw('recharge.stepCheckout')}</StepLabel>
        </Step>
      </Stepper>
      {step === 0 || choice.method === null ? (
        <RechargeStartStep
          choice={choice}
          methods={methods}
          webWallet={webWallet}
          minAmount={recharge_info.min_recharge_amount}
          onAmountChange={(text) => setChoice((current) => ({ ...current, amount: text }))}
          onMethodChange={chooseMethod}
          onNext={() => setStep(1)}
          onCancel={onCancel}
        />
      ) : choice.method === 'recharge_card' ? (
        <CardCheckout onBack={back} onDone={onDone} />
      ) : choice.method === 'mobile_wallets' ? (
        <MobileWalletCheckout
          amount={amount}
          walletNumber={recharge_info.mobile_wallet_number}
          onBack={back}
          onDone={onDone}
        />
      ) : isGateway(choice.method) ? (
        <GatewayCheckout method={choice.method} amount={amount} onBack={back} onDone={onDone} />
      ) : null}
    </>
  );
}
