import { useEffect, useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { formatMoney } from '@dars/ui/format';
import type { StaffDataProvider } from '../data/data-provider';
import { listAllByPosition } from '../data/list-all';
import { failureOf } from '../data/failure';

type LectureItem = RaRecord & { name: string; price: number; position: number };

/** Every lecture of a course in position order. */
function loadAll(dataProvider: StaffDataProvider, courseId: Identifier) {
  return listAllByPosition<LectureItem>(dataProvider, 'lectures', { course_id: courseId });
}

function SortableLecture({ lecture, index }: { lecture: LectureItem; index: number }) {
  const translate = useTranslate();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: lecture.id });
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="lecture-row"
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        borderBottom: '1px solid',
        borderColor: 'divider',
        gap: 1,
      }}
      secondaryAction={
        <IconButton
          component={Link}
          to={`/lectures/${lecture.id}`}
          aria-label={`${translate('ra.action.edit')}: ${lecture.name}`}
        >
          <EditIcon />
        </IconButton>
      }
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={translate('dars.lectures_order.handle', { name: lecture.name })}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon />
      </IconButton>
      <ListItemText
        primary={`${index + 1}. ${lecture.name}`}
        secondary={formatMoney(lecture.price)}
      />
    </ListItem>
  );
}

/**
 * A course's lectures, dragged into a new order (mouse, touch, or keyboard: space on the
 * handle, arrows, space). Each drop sends the whole order (the contract's staffOrderLectures);
 * a refused order is put back as it was.
 */
export function LectureOrder() {
  const course = useRecordContext();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [lectures, setLectures] = useState<LectureItem[] | null>(null);
  const courseId = course?.id;

  useEffect(() => {
    if (courseId === undefined) return;
    let live = true;
    loadAll(dataProvider, courseId).then(
      (all) => {
        if (live) setLectures(all);
      },
      (error: unknown) => notify(failureOf(error).message, { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [courseId, dataProvider, notify]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (courseId === undefined) return null;

  const nameOf = (id: Identifier) => lectures?.find((l) => l.id === id)?.name ?? '';
  const positionOf = (id: Identifier | undefined) =>
    (lectures?.findIndex((l) => l.id === id) ?? -1) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      translate('dars.lectures_order.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      translate('dars.lectures_order.moved', {
        name: nameOf(active.id),
        position: positionOf(over?.id),
      }),
    onDragEnd: ({ active, over }) =>
      translate('dars.lectures_order.dropped', {
        name: nameOf(active.id),
        position: positionOf(over?.id),
      }),
    onDragCancel: () => translate('dars.lectures_order.cancelled'),
  };

  async function onDragEnd({ active, over }: DragEndEvent) {
    if (!lectures || !over || active.id === over.id) return;
    const before = lectures;
    const from = before.findIndex((l) => l.id === active.id);
    const to = before.findIndex((l) => l.id === over.id);
    const next = arrayMove(before, from, to);
    setLectures(next);
    try {
      await dataProvider.orderLectures(
        courseId!,
        next.map((l) => l.id),
      );
      notify('dars.lectures_order.saved', { type: 'success' });
    } catch (error) {
      setLectures(before);
      notify(failureOf(error).message, { type: 'error' });
    }
  }

  return (
    <Box component="section" aria-labelledby="lecture-order-title" sx={{ p: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="lecture-order-title" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {translate('dars.lectures_order.title')}
        </Typography>
        <Button
          component={Link}
          to={`/lectures/create?course_id=${courseId}`}
          startIcon={<AddIcon />}
          variant="outlined"
        >
          {translate('dars.lectures_order.add')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {translate('dars.lectures_order.help')}
      </Typography>
      {lectures && lectures.length === 0 && (
        <Typography>{translate('dars.lectures_order.empty')}</Typography>
      )}
      {lectures && lectures.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={(event) => void onDragEnd(event)}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: translate('dars.lectures_order.help') },
          }}
        >
          <SortableContext items={lectures.map((l) => l.id)} strategy={verticalListSortingStrategy}>
            <List aria-labelledby="lecture-order-title" disablePadding>
              {lectures.map((lecture, index) => (
                <SortableLecture key={lecture.id} lecture={lecture} index={index} />
              ))}
            </List>
          </SortableContext>
        </DndContext>
      )}
    </Box>
  );
}
