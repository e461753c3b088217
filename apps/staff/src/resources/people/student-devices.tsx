import { useId, useState, type ReactNode } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import {
  deviceLabel,
  devicesText,
  staffEndpoints as e,
  type DevicesChangeResponse,
  type DevicesList,
  type SignInDevice,
} from '@dars/contract';
import { formatDateTime, formatNumber } from '@dars/ui/format';
import { callStaff } from '../../data/http';
import { useStaffData } from '../../data/use-staff-data';
import { failureOf } from '../../data/failure';

const D = 'dars.devices';

/** An address or version read left to right inside the RTL page. */
const ltr = (text: string) => (
  <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
    {text}
  </span>
);

type Open = null | 'all' | 'reset' | SignInDevice;

/**
 * A student's devices and sessions on the student's page (issue 28, ADR 051): what each device
 * is, since when, from where, signed in or only known. An admin signs one device out (it is
 * forgotten: its place is free), signs the student out everywhere (the devices stay known) or
 * resets the devices; each is audited on the server, which checks the role as well.
 */
export function StudentDevices({
  studentId,
  studentName,
  admin,
}: {
  studentId: number;
  studentName: string;
  admin: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState<DevicesList | null>(null);
  const loaded = useStaffData(
    () => callStaff(e.staffListStudentDevices, { params: { id: studentId } }).then((a) => a.data),
    [studentId],
  );
  const data = changed ?? loaded.data;

  async function run(work: () => Promise<DevicesChangeResponse>) {
    setBusy(true);
    try {
      const answer = await work();
      setChanged(answer.data);
      notify(answer.message, { type: 'success' });
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(null);
    }
  }

  /** One line per detail: on a phone a run of them joined by dashes broke mid-date. */
  const describe = (d: SignInDevice) => {
    const address = d.last_ip ?? d.signed_in_ip;
    const lines: [string, ReactNode][] = [
      ['first_seen', formatDateTime(d.first_seen_at)],
      ['last_seen', formatDateTime(d.last_seen_at)],
    ];
    if (address) lines.push(['address', ltr(address)]);
    if (d.signed_in_ip && d.signed_in_ip !== address)
      lines.push(['signed_in_from', ltr(d.signed_in_ip)]);
    if (d.app_version && d.platform !== 'web') lines.push(['version', ltr(d.app_version)]);
    return lines.map(([key, value]) => (
      <Box component="span" key={key} sx={{ display: 'block' }}>
        {translate(`${D}.${key}`)}: {value}
      </Box>
    ));
  };

  const one = open !== null && typeof open === 'object' ? open : null;
  const vars = { name: studentName };
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6">
        {translate(`${D}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${D}.lead`)}
      </Typography>
      {loaded.failed && !data && <Alert severity="error">{translate(`${D}.load_failed`)}</Alert>}
      {data && (
        <>
          <Typography sx={{ mb: 1 }}>
            {data.max_devices
              ? translate(`${D}.limit`, {
                  limit: devicesText(data.max_devices),
                  used: formatNumber(data.used),
                })
              : translate(`${D}.no_limit`)}
          </Typography>
          {data.devices.length === 0 ? (
            <Typography color="text.secondary">{translate(`${D}.empty`)}</Typography>
          ) : (
            <List dense aria-label={translate(`${D}.list`)}>
              {data.devices.map((d) => {
                const name = deviceLabel(d);
                return (
                  <ListItem
                    key={`${d.device_id ?? 's'}-${d.session_id ?? 'd'}`}
                    disableGutters
                    divider
                    sx={{ gap: 2, alignItems: 'center' }}
                  >
                    <ListItemText
                      primary={
                        <Stack
                          direction="row"
                          sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                        >
                          <span>{name}</span>
                          <Chip
                            size="small"
                            color={d.signed_in ? 'success' : 'default'}
                            label={translate(d.signed_in ? `${D}.signed_in` : `${D}.signed_out`)}
                          />
                        </Stack>
                      }
                      secondary={describe(d)}
                      slotProps={{ secondary: { component: 'div' } }}
                    />
                    {admin && (
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        aria-label={translate(`${D}.sign_out_label`, { name })}
                        onClick={() => setOpen(d)}
                        sx={{ flexShrink: 0 }}
                      >
                        {translate(`${D}.sign_out`)}
                      </Button>
                    )}
                  </ListItem>
                );
              })}
            </List>
          )}
          {admin && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
              <Button variant="outlined" color="error" onClick={() => setOpen('all')}>
                {translate(`${D}.sign_out_all`)}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setOpen('reset')}>
                {translate(`${D}.reset`)}
              </Button>
            </Stack>
          )}
        </>
      )}
      <Confirm
        isOpen={one !== null}
        loading={busy}
        title={translate(`${D}.sign_out_title`, { name: one ? deviceLabel(one) : '' })}
        content={translate(`${D}.sign_out_content`)}
        confirm={translate(`${D}.sign_out`)}
        cancel={translate(`${D}.cancel`)}
        onConfirm={() =>
          one &&
          void run(() =>
            callStaff(e.staffSignOutStudentDevice, {
              params: { id: studentId },
              body:
                one.device_id !== null
                  ? { device_id: one.device_id }
                  : { session_id: one.session_id! },
            }),
          )
        }
        onClose={() => setOpen(null)}
      />
      <Confirm
        isOpen={open === 'all'}
        loading={busy}
        title={translate(`${D}.sign_out_all_title`, vars)}
        content={translate(`${D}.sign_out_all_content`)}
        confirm={translate(`${D}.sign_out_all`)}
        cancel={translate(`${D}.cancel`)}
        onConfirm={() =>
          void run(() => callStaff(e.staffSignOutStudentEverywhere, { params: { id: studentId } }))
        }
        onClose={() => setOpen(null)}
      />
      <Confirm
        isOpen={open === 'reset'}
        loading={busy}
        title={translate(`${D}.reset_title`, vars)}
        content={translate(`${D}.reset_content`)}
        confirm={translate(`${D}.reset`)}
        cancel={translate(`${D}.cancel`)}
        onConfirm={() =>
          void run(() => callStaff(e.staffResetStudentDevices, { params: { id: studentId } }))
        }
        onClose={() => setOpen(null)}
      />
    </Box>
  );
}
