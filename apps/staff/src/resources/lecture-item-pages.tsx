import { useMemo } from 'react';
import { Button } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link, useLocation } from 'react-router-dom';
import {
  DeleteWithConfirmButton,
  SaveButton,
  Toolbar,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';

/** The tabs of a lecture's contents, as `?tab=` of its page. */
export type ContentsTab = 'videos' | 'exams' | 'attachments';

/** The lecture's page, on the tab of its contents that `tab` names. */
export function lecturePath(lectureId: unknown, tab: ContentsTab): string {
  return `/lectures/${String(lectureId)}?tab=${tab}`;
}

/** react-admin's redirect after a save: back to the item's lecture, on its tab. */
export function backToLecture(tab: ContentsTab) {
  return (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) =>
    lecturePath(data?.lecture_id, tab);
}

/**
 * A new item's record from `?lecture_id=` ("إضافة فيديو" on a lecture opens
 * /videos/create?lecture_id=5). One object per lecture: react-admin resets the form when its
 * default record changes, so `defaults` is a constant of the page's module.
 */
export function useNewLectureItem(defaults: Record<string, unknown>) {
  const lectureId =
    Number(new URLSearchParams(useLocation().search).get('lecture_id')) || undefined;
  return useMemo(() => ({ ...defaults, lecture_id: lectureId }), [defaults, lectureId]);
}

/** A link back to the lecture (the record's, or the one a new item is made for). */
export function BackToLecture({ tab, lectureId }: { tab: ContentsTab; lectureId?: unknown }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const id = lectureId ?? record?.lecture_id;
  if (!id) return null;
  return (
    <Button
      component={Link}
      to={lecturePath(id, tab)}
      startIcon={<ArrowForwardIcon />}
      sx={{ alignSelf: 'flex-start', my: 1 }}
    >
      {translate('dars.contents.back_to_lecture')}
    </Button>
  );
}

/** Save, and delete after a confirmation, then back to the lecture's tab. */
export function LectureItemToolbar({ tab }: { tab: ContentsTab }) {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect={() => lecturePath(record.lecture_id, tab)}
        />
      )}
    </Toolbar>
  );
}
