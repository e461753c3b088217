import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import PhoneAndroidOutlinedIcon from '@mui/icons-material/PhoneAndroidOutlined';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { deviceLabel, type SignInDevice } from '@dars/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { serverMessage } from '../../../lib/form-errors';
import { t } from '../../../i18n/t';
import { useProfileDevices, useSignOutDevice, useSignOutOtherDevices } from '../api/devices';

const PHONE = /Android|iOS|iPhone|iPad/;

/** What the student calls a device (the contract's words, the console's too). */
export const deviceTitle = deviceLabel;

function DeviceIcon({ device }: { device: SignInDevice }) {
  const sx = { color: 'text.secondary', fontSize: 32, flexShrink: 0 };
  if (device.platform === 'ios' || device.os?.startsWith('iOS'))
    return <PhoneIphoneOutlinedIcon aria-hidden sx={sx} />;
  if (device.platform === 'android' || PHONE.test(device.os ?? ''))
    return <PhoneAndroidOutlinedIcon aria-hidden sx={sx} />;
  return <ComputerOutlinedIcon aria-hidden sx={sx} />;
}

/** A label and its value; codes and addresses read left to right. */
function Detail({ label, value, ltr = false }: { label: string; value: string; ltr?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}:
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        dir={ltr ? 'ltr' : undefined}
        sx={{ m: 0, unicodeBidi: ltr ? 'isolate' : undefined }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function DeviceItem({
  device,
  onSignOut,
}: {
  device: SignInDevice;
  onSignOut: (device: SignInDevice) => void;
}) {
  const name = deviceTitle(device);
  const address = device.last_ip ?? device.signed_in_ip;
  const action = device.signed_in ? t('profile.devices.signOut') : t('profile.devices.remove');
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, borderRadius: 2, listStyle: 'none', display: 'flex', gap: 1.5 }}
    >
      <DeviceIcon device={device} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          {device.current && (
            <Chip size="small" color="success" label={t('profile.devices.thisDevice')} />
          )}
        </Stack>
        {!device.signed_in && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('profile.devices.signedOut')}
          </Typography>
        )}
        <Box component="dl" sx={{ m: 0 }}>
          <Detail
            label={t('profile.devices.firstSeen')}
            value={formatDateTime(device.first_seen_at)}
          />
          <Detail
            label={t('profile.devices.lastSeen')}
            value={formatDateTime(device.last_seen_at)}
          />
          {address && <Detail label={t('profile.devices.address')} value={address} ltr />}
          {device.signed_in_ip && device.signed_in_ip !== address && (
            <Detail label={t('profile.devices.signedInFrom')} value={device.signed_in_ip} ltr />
          )}
          {device.app_version && device.platform !== 'web' && (
            <Detail label={t('profile.devices.version')} value={device.app_version} ltr />
          )}
        </Box>
        {!device.current && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            startIcon={<LogoutOutlinedIcon />}
            aria-label={
              device.signed_in
                ? t('profile.devices.signOutOf', { name })
                : t('profile.devices.removeOf', { name })
            }
            onClick={() => onSignOut(device)}
            sx={{ mt: 1 }}
          >
            {action}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/**
 * The student's devices and sessions (issue 28, ADR 051): what each is, since when and from
 * where, this device marked; one signed out (and forgotten, so its place under the school's
 * limit is free), or every other one, behind a confirmation.
 */
export function DevicesSection() {
  const devices = useProfileDevices();
  const signOut = useSignOutDevice();
  const others = useSignOutOtherDevices();
  const [target, setTarget] = useState<SignInDevice | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const failure = signOut.error ?? others.error;
  const data = devices.data;

  if (!data) {
    return devices.isError ? (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{t('profile.devices.loadFailed')}</Alert>
        <Button onClick={() => void devices.refetch()}>{t('app.retry')}</Button>
      </Stack>
    ) : (
      <Skeleton
        variant="rounded"
        height={96}
        aria-busy="true"
        aria-label={t('profile.devices.loading')}
      />
    );
  }

  const hasOthers = data.devices.some((d) => !d.current);
  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary">
        {data.max_devices
          ? t('profile.devices.limit', {
              limit: formatNumber(data.max_devices),
              used: formatNumber(data.used),
            })
          : t('profile.devices.lead')}
      </Typography>
      <Box role="status" aria-live="polite">
        {done && <Alert severity="success">{done}</Alert>}
      </Box>
      {failure && (
        <Alert severity="error">{serverMessage(failure, t('profile.devices.failed'))}</Alert>
      )}
      <Stack
        component="ul"
        spacing={1}
        aria-label={t('profile.devices.listLabel')}
        sx={{ m: 0, p: 0 }}
      >
        {data.devices.map((device) => (
          <DeviceItem
            key={`${device.device_id ?? 's'}-${device.session_id ?? 'd'}`}
            device={device}
            onSignOut={(d) => {
              setDone(null);
              signOut.reset();
              others.reset();
              setTarget(d);
            }}
          />
        ))}
      </Stack>
      {hasOthers && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutOutlinedIcon />}
          onClick={() => {
            setDone(null);
            signOut.reset();
            others.reset();
            setConfirmOthers(true);
          }}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('profile.devices.others')}
        </Button>
      )}
      <ConfirmDialog
        open={target !== null}
        title={t('profile.devices.signOutTitle')}
        body={t('profile.devices.signOutBody', { name: target ? deviceTitle(target) : '' })}
        confirmLabel={t('profile.devices.signOut')}
        cancelLabel={t('common.cancel')}
        confirmColor="error"
        busy={signOut.isPending}
        onConfirm={() =>
          target &&
          signOut.mutate(
            target.device_id !== null
              ? { device_id: target.device_id }
              : { session_id: target.session_id! },
            {
              onSuccess: (answer) => setDone(answer.message),
              onSettled: () => setTarget(null),
            },
          )
        }
        onClose={() => setTarget(null)}
      />
      <ConfirmDialog
        open={confirmOthers}
        title={t('profile.devices.othersTitle')}
        body={t('profile.devices.othersBody')}
        confirmLabel={t('profile.devices.others')}
        cancelLabel={t('common.cancel')}
        confirmColor="error"
        busy={others.isPending}
        onConfirm={() =>
          others.mutate(undefined, {
            onSuccess: (answer) => setDone(answer.message),
            onSettled: () => setConfirmOthers(false),
          })
        }
        onClose={() => setConfirmOthers(false)}
      />
    </Stack>
  );
}
