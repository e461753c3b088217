import { useMemo, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link, useLocation } from 'react-router-dom';
import {
  AutocompleteInput,
  Create,
  DeleteWithConfirmButton,
  Edit,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  required,
  useTranslate,
  type CreateProps,
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

/**
 * Room at the end of a page whose form comes first: on a phone (below `sm`) react-admin fixes
 * the form's toolbar (save, delete; 80 px) to the bottom of the screen, over the page's last
 * lines (a video's upload button, a lecture's last video).
 */
export const CLEAR_MOBILE_TOOLBAR = { pb: { xs: 10, sm: 0 } } as const;

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

/** The item's lecture: picked on a new item, fixed once the item is saved or made for one. */
function LectureInput({ fixed }: { fixed: boolean }) {
  return (
    <ReferenceInput source="lecture_id" reference="lectures">
      <AutocompleteInput optionText="name" validate={required()} readOnly={fixed} />
    </ReferenceInput>
  );
}

/**
 * A new item's page: the link back to its lecture and the form, its lecture first (fixed when
 * the page was opened for one, `?lecture_id=`), then `children`; a save goes back to the
 * lecture's tab unless `props` say otherwise. `defaults` is a constant of the page's module
 * (see {@link useNewLectureItem}).
 */
export function LectureItemCreate({
  tab,
  defaults,
  children,
  ...props
}: {
  tab: ContentsTab;
  defaults: Record<string, unknown>;
  children: ReactNode;
} & Omit<CreateProps, 'record' | 'children'>) {
  const record = useNewLectureItem(defaults);
  return (
    <Create record={record} redirect={backToLecture(tab)} {...props}>
      <BackToLecture tab={tab} lectureId={record.lecture_id} />
      <SimpleForm>
        <LectureInput fixed={record.lecture_id !== undefined} />
        {children}
      </SimpleForm>
    </Create>
  );
}

/**
 * A saved item's edit page: the link back to its lecture, the form (its lecture, fixed, then
 * `children`) with save and delete, and `after` it what is not part of the form (a video's
 * file); a save goes back to the lecture's tab.
 */
export function LectureItemEdit({
  tab,
  children,
  after,
}: {
  tab: ContentsTab;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Edit mutationMode="pessimistic" redirect={backToLecture(tab)}>
      <BackToLecture tab={tab} />
      <SimpleForm toolbar={<LectureItemToolbar tab={tab} />}>
        <LectureInput fixed />
        {children}
      </SimpleForm>
      {after && <Box sx={CLEAR_MOBILE_TOOLBAR}>{after}</Box>}
    </Edit>
  );
}
