import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import {
  Confirm,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { ContentsTab } from './lecture-item-pages';
import { failureOf } from '../data/failure';

/** A video, attachment or attached exam: its lecture's items carry a position. */
export type LectureItem = RaRecord & { lecture_id: number; position: number };

/** How many items of one kind a lecture lists at once (the server's largest page). */
const PAGE = 100;

/**
 * A lecture's items of one kind in their order. The same query as the list below, so a tab that
 * needs the items too (the exams' names) shares its answer instead of asking again.
 * `refetchInterval`, from the items last read: how often to ask again (ms), or false.
 */
export function useLectureItems<T extends LectureItem>(
  resource: string,
  lectureId: Identifier,
  refetchInterval?: (items: T[]) => number | false,
) {
  return useGetList<T>(
    resource,
    {
      filter: { lecture_id: lectureId },
      sort: { field: 'position', order: 'ASC' },
      pagination: { page: 1, perPage: PAGE },
    },
    refetchInterval && {
      refetchInterval: (query) => refetchInterval(query.state.data?.data ?? []),
    },
  );
}

/**
 * One kind of a lecture's contents (videos, attachments or exams) in their order: each line with
 * its text, buttons to move it up or down (each move PATCHes the positions that changed, so the
 * order is 1, 2, 3… afterwards), an edit link and a delete after a confirmation.
 */
export function OrderedContents<T extends LectureItem>({
  resource,
  tab,
  lectureId,
  nameOf,
  primary = nameOf,
  secondary,
  refetchInterval,
}: {
  resource: string;
  /** The lecture page's tab they are listed on, which names their texts (`dars.contents.videos`). */
  tab: ContentsTab;
  lectureId: Identifier;
  nameOf: (item: T) => string;
  /** The line's text; the item's name unless told. */
  primary?: (item: T) => ReactNode;
  secondary?: (item: T) => ReactNode;
  /** How often to ask for the items again while some are changing on the server (videos). */
  refetchInterval?: (items: T[]) => number | false;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<T | null>(null);
  const { data, refetch, isPending } = useLectureItems<T>(resource, lectureId, refetchInterval);
  const items = data ?? [];

  async function move(from: number, to: number) {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setBusy(true);
    try {
      for (const [index, item] of next.entries()) {
        if (item.position === index + 1) continue;
        await dataProvider.update(resource, {
          id: item.id,
          data: { position: index + 1 },
          previousData: { id: item.id },
        });
      }
      notify('dars.contents.order_saved', { type: 'success' });
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
      await refetch();
    }
  }

  async function remove(item: T) {
    setBusy(true);
    try {
      await dataProvider.delete(resource, { id: item.id, previousData: item });
      notify('dars.contents.removed', { type: 'success' });
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setRemoving(null);
      setBusy(false);
      await refetch();
    }
  }

  return (
    <Box>
      <Button
        component={Link}
        to={`/${resource}/create?lecture_id=${lectureId}`}
        startIcon={<AddIcon />}
        variant="outlined"
        sx={{ mb: 1 }}
      >
        {translate(`dars.contents.${tab}.add`)}
      </Button>
      {!isPending && items.length === 0 && (
        <Typography sx={{ my: 1 }}>{translate(`dars.contents.${tab}.empty`)}</Typography>
      )}
      {items.length > 0 && (
        <List disablePadding data-testid={`${resource}-list`}>
          {items.map((item, index) => {
            const name = nameOf(item);
            return (
              <ListItem
                key={item.id}
                divider
                sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
              >
                <ListItemText
                  primary={
                    <>
                      {index + 1}. {primary(item)}
                    </>
                  }
                  secondary={secondary?.(item)}
                  slotProps={{ secondary: { component: 'div' } }}
                  sx={{ minWidth: 200 }}
                />
                <Stack direction="row" spacing={0.5}>
                  <IconButton
                    disabled={busy || index === 0}
                    onClick={() => void move(index, index - 1)}
                    aria-label={translate('dars.contents.move_up', { name })}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    disabled={busy || index === items.length - 1}
                    onClick={() => void move(index, index + 1)}
                    aria-label={translate('dars.contents.move_down', { name })}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    component={Link}
                    to={`/${resource}/${item.id}`}
                    aria-label={translate('dars.contents.edit', { name })}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    disabled={busy}
                    onClick={() => setRemoving(item)}
                    aria-label={translate('dars.contents.remove', { name })}
                    sx={{ color: 'error.main' }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title={translate('dars.contents.confirm_remove_title', {
          name: removing ? nameOf(removing) : '',
        })}
        content={translate('dars.contents.confirm_remove', {
          name: removing ? nameOf(removing) : '',
        })}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
