import { Box, Button, Stack, Typography } from '@mui/material';
import { QrCode } from '../../../components/qr-code';
import { useSnackbar } from '../../../components/snackbar-provider';
import { tw } from '../../../i18n/ar-wallet';
import { WalletCard } from './wallet-card';

/**
 * The student's wallet address with its QR code (spec §2), for others to send them a transfer:
 * the address can be copied, and read from the code.
 */
export function AddressCard({ address }: { address: string }) {
  const showSnackbar = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      showSnackbar(tw('address.copied'));
    } catch {
      showSnackbar(tw('address.copyFailed'), { severity: 'warning' });
    }
  };
  return (
    <WalletCard title={tw('address.title')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2.5}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}
      >
        <Stack spacing={1} sx={{ minWidth: 0, alignSelf: { xs: 'stretch', sm: 'center' } }}>
          <Box
            component="p"
            dir="ltr"
            sx={{
              m: 0,
              fontFamily: 'monospace',
              fontSize: '1.35rem',
              fontWeight: 700,
              letterSpacing: '0.06em',
              overflowWrap: 'anywhere',
              textAlign: 'end',
            }}
          >
            {address}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {tw('address.hint')}
          </Typography>
          <Button variant="text" onClick={() => void copy()} sx={{ alignSelf: 'flex-start' }}>
            {tw('address.copy')}
          </Button>
        </Stack>
        <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 2, border: 1, borderColor: 'divider' }}>
          <QrCode value={address} label={tw('address.qr')} />
        </Box>
      </Stack>
    </WalletCard>
  );
}
