import { useId } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import type { RechargeMethod } from '@dars/contract';
import { t } from '../../../i18n/t';
import { tw } from '../../../i18n/ar-wallet';
import { amountProblem, canContinue, type RechargeChoice } from '../lib/recharge-form';
import { needsAmount } from '../lib/recharge-methods';
import { DialogForm } from './dialog-form';
import { WebWalletLink } from './web-wallet-link';

/**
 * Step 0 of the recharge (spec §5): the method, from `recharge_info.supported_methods` (a
 * single one is chosen after 500 ms by the dialog), and the amount, required except for a
 * recharge card and at least `min_recharge_amount`, with the spec's warning below it. The
 * next-step button is disabled until both hold.
 */
export function RechargeStartStep({
  choice,
  methods,
  webWallet,
  minAmount,
  onAmountChange,
  onMethodChange,
  onNext,
  onCancel,
}: {
  choice: RechargeChoice;
  methods: RechargeMethod[];
  /** On a native app with online gateways: the web site's wallet is offered instead. */
  webWallet: boolean;
  minAmount: number;
  onAmountChange: (text: string) => void;
  onMethodChange: (method: RechargeMethod) => void;
  onNext: () => void;
  onCancel: () => void;
}) {
  const labelId = useId();
  const hintId = useId();
  const problem = amountProblem(choice, minAmount);
  const ready = canContinue(choice, minAmount);
  return (
    <DialogForm
      onSubmit={() => ready && onNext()}
      message={null}
      actions={
        <>
          <Button onClick={onCancel} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!ready}>
            {tw('recharge.next')}
          </Button>
        </>
      }
    >
      {methods.length === 0 ? (
        !webWallet && <Alert severity="info">{tw('recharge.noMethods')}</Alert>
      ) : (
        <FormControl>
          <FormLabel id={labelId} sx={{ fontWeight: 700, mb: 0.5 }}>
            {tw('recharge.method')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={choice.method ?? ''}
            onChange={(event) => onMethodChange(event.target.value as RechargeMethod)}
          >
            {methods.map((method) => (
              <Box key={method} sx={{ mb: 0.5 }}>
                <FormControlLabel
                  value={method}
                  control={
                    <Radio slotProps={{ input: { 'aria-describedby': `${hintId}-${method}` } }} />
                  }
                  label={tw(`recharge.methods.${method}`)}
                />
                <FormHelperText id={`${hintId}-${method}`} sx={{ mt: -0.75, mx: 4 }}>
                  {tw(`recharge.methodHints.${method}`)}
                </FormHelperText>
              </Box>
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {webWallet && <WebWalletLink amount={choice.amount} />}
      {needsAmount(choice.method) ? (
        methods.length > 0 && (
          <TextField
            label={tw('recharge.amount')}
            type="number"
            value={choice.amount}
            onChange={(event) => onAmountChange(event.target.value)}
            error={problem !== null}
            helperText={problem ?? ' '}
            required
            fullWidth
            slotProps={{
              htmlInput: { min: minAmount, step: 'any', inputMode: 'decimal' },
            }}
          />
        )
      ) : (
        <Typography color="text.secondary">{tw('recharge.cardNeedsNoAmount')}</Typography>
      )}
    </DialogForm>
  );
}
