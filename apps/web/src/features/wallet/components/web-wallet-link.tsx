import { Alert, Button, Stack } from '@mui/material';
import { getToken } from '../../../lib/token-storage';
import { webOrigin } from '../../../platform/web-origin';
import { tw } from '../../../i18n/ar-wallet';
import { parseAmount } from '../lib/recharge-form';
import { webWalletLink } from '../lib/web-wallet-link';

/**
 * What a native app shows in place of the online gateways (spec §2, §9): a link that opens
 * the web site's wallet in the browser, signed in by the reversed-token hand-off (spec §7),
 * with the amount typed here as its `recharge`.
 */
export function WebWalletLink({ amount }: { amount: string }) {
  const typed = parseAmount(amount);
  const href = webWalletLink({
    origin: webOrigin(),
    token: getToken() ?? '',
    query: typed !== null && typed > 0 ? { recharge: String(typed) } : {},
  });
  return (
    <Alert severity="info">
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>{tw('recharge.webWalletNote')}</span>
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          size="small"
        >
          {tw('recharge.webWalletLink')}
        </Button>
      </Stack>
    </Alert>
  );
}
