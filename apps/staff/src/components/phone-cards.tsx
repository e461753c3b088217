import type { ReactNode } from 'react';
import {
  Card,
  CardActions,
  CardContent,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  RecordContextProvider,
  useGetResourceLabel,
  useListContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';

/** Whether the screen is a phone's (below MUI's `sm`): lists change their rows there. */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

/** One labelled line of a card: «الحالة: مدفوع». */
export type CardLine = { label: string; value: ReactNode };

/**
 * A list on a phone whose rows carry their own buttons: one card per record, its lines under a
 * title and its actions (rendered in the record's context, as in a table row) at the bottom. A
 * table there scrolls sideways, and a one-line list would lose the buttons.
 * @example <PhoneCards title={(b) => `#${b.id}`} lines={(b) => [{ label, value }]} actions={<DisableButton />} />
 */
export function PhoneCards<T extends RaRecord>({
  title,
  lines,
  actions,
}: {
  title: (record: T) => ReactNode;
  lines: (record: T) => CardLine[];
  actions?: ReactNode;
}) {
  const { data, isPending } = useListContext<T>();
  const resource = useResourceContext();
  const resourceLabel = useGetResourceLabel();
  const translate = useTranslate();
  if (isPending) return null;
  if (!data || data.length === 0) {
    return (
      <Typography sx={{ p: 2 }}>
        {translate('ra.navigation.no_results', { name: resourceLabel(resource ?? '', 2) })}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1} sx={{ p: 1, m: 0, listStyle: 'none' }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card component="li" variant="outlined">
            <CardContent sx={{ pb: actions ? 0 : undefined }}>
              <Typography sx={{ fontWeight: 600 }}>{title(record)}</Typography>
              {lines(record).map((line) => (
                <Typography key={line.label} component="div" variant="body2" color="text.secondary">
                  {line.label}: {line.value}
                </Typography>
              ))}
            </CardContent>
            {actions && <CardActions>{actions}</CardActions>}
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
