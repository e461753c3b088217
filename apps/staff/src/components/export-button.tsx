import { useState } from 'react';
import {
  CreateButton,
  FilterButton,
  List,
  TopToolbar,
  useListContext,
  useNotify,
  useResourceDefinition,
  useTranslate,
  type ListProps,
} from 'react-admin';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadExport, type ExportEndpoint } from '../data/export-calls';
import { failureOf } from '../data/failure';

/**
 * Downloads the list on screen as a file Excel opens in Arabic (ADR 034): the server writes the
 * whole filtered list in the list's order, not only the page shown. `params` fills a path's
 * `:id` (an exam's results); without it the button needs nothing but the list.
 */
export function ExportButton({
  endpoint,
  params,
  disabled = false,
  label = 'dars.exports.button',
  done = 'dars.exports.done',
}: {
  endpoint: ExportEndpoint;
  params?: { id: string | number };
  disabled?: boolean;
  /** The button's and the notice's catalogue keys, when the list names its file itself. */
  label?: string;
  done?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadExport(endpoint, filterValues as Record<string, unknown>, sort, params);
      notify(done, { type: 'success' });
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      startIcon={<DownloadIcon />}
      disabled={disabled || busy || total === 0}
      onClick={() => void download()}
    >
      {translate(busy ? 'dars.exports.busy' : label)}
    </Button>
  );
}

/** A list's toolbar: its filters and create button as react-admin shows them, and the export. */
export function ExportActions({ endpoint }: { endpoint: ExportEndpoint }) {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton />
      {hasCreate && <CreateButton />}
      <ExportButton endpoint={endpoint} />
    </TopToolbar>
  );
}

/**
 * A list downloaded through the server's export (ADR 034) and not react-admin's own exporter:
 * its toolbar is {@link ExportActions} for `endpoint`.
 */
export function ExportedList({
  endpoint,
  ...props
}: { endpoint: ExportEndpoint } & Omit<ListProps, 'actions' | 'exporter'>) {
  return <List {...props} actions={<ExportActions endpoint={endpoint} />} exporter={false} />;
}
