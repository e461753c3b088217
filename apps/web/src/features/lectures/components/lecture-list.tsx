import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Divider, List, Paper } from '@mui/material';
import PlayLessonOutlinedIcon from '@mui/icons-material/PlayLessonOutlined';
import type { Course, Lecture } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { lectureState, lectureTap, type LectureTap } from '../lib/lecture-state';
import { LectureDialog, type TabId } from './lecture-dialog';
import { LectureListItem } from './lecture-list-item';
import { LecturePurchaseDialog } from './lecture-purchase-dialog';

interface LectureListProps {
  course: Pick<Course, 'id' | 'pay_type' | 'lectures'>;
  /** A locked lecture of a whole-course purchase asks for the course itself. */
  onNeedCourse: () => void;
  /** After a lecture purchase: the caller refreshes the course and the user. */
  onPurchased: () => void;
}

/**
 * The lecture `?lecture=` names, on `?tab=`, and what tapping it would do: the progress page
 * links a lecture's item there (issue 28), and a locked lecture to its purchase.
 */
function linkedLecture(
  course: LectureListProps['course'],
  params: URLSearchParams,
  signedIn: boolean,
): { lecture: Lecture; tap: LectureTap; tab?: TabId } | null {
  const lecture = course.lectures.find((l) => String(l.id) === params.get('lecture'));
  if (!lecture) return null;
  const state = lectureState(lecture, course.pay_type);
  const tap = lectureTap(state, lecture, { signedIn, payType: course.pay_type });
  const tab = params.get('tab');
  return { lecture, tap, tab: tab === 'exams' || tab === 'attachments' ? tab : undefined };
}

/**
 * The course's lectures (spec §2). Tapping one with access opens the lecture dialog (which
 * loads its contents); without access the purchase dialog (or the course's own purchase
 * for a whole-course purchase); a guest goes to login with `?course=`. A lecture named by
 * `?lecture=` (and `?tab=`) starts open, or its purchase dialog.
 */
export function LectureList({ course, onNeedCourse, onPurchased }: LectureListProps) {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const [params] = useSearchParams();
  const [linked] = useState(() => linkedLecture(course, params, signedIn));
  const [opened, setOpened] = useState<Lecture | null>(
    linked?.tap === 'open' ? linked.lecture : null,
  );
  const [buying, setBuying] = useState<Lecture | null>(
    linked?.tap === 'buy-lecture' ? linked.lecture : null,
  );
  const [openTab, setOpenTab] = useState<TabId | undefined>(linked?.tab);

  if (course.lectures.length === 0)
    return <EmptyState icon={<PlayLessonOutlinedIcon />} text={t('lectures.empty')} />;

  const tap = (lecture: Lecture) => {
    setOpenTab(undefined);
    const state = lectureState(lecture, course.pay_type);
    switch (lectureTap(state, lecture, { signedIn, payType: course.pay_type })) {
      case 'login':
        return void navigate(`/login?course=${course.id}`);
      case 'open':
        return setOpened(lecture);
      case 'buy-lecture':
        return setBuying(lecture);
      case 'get-course':
        return onNeedCourse();
      case 'expired':
        return showSnackbar(t('lectures.expiredNotice'), { severity: 'warning' });
    }
  };

  return (
    <>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <List disablePadding aria-label={t('lectures.listLabel')}>
          {course.lectures.map((lecture, i) => (
            <li key={lecture.id}>
              {i > 0 && <Divider component="div" />}
              <LectureListItem
                lecture={lecture}
                payType={course.pay_type}
                position={i + 1}
                state={lectureState(lecture, course.pay_type)}
                onClick={() => tap(lecture)}
              />
            </li>
          ))}
        </List>
      </Paper>
      {opened && (
        <LectureDialog
          lecture={opened}
          courseId={course.id}
          initialTab={openTab}
          onClose={() => setOpened(null)}
        />
      )}
      {buying && (
        <LecturePurchaseDialog
          lecture={buying}
          payType={course.pay_type}
          onClose={() => setBuying(null)}
          onPurchased={(lecture) => {
            setBuying(null);
            onPurchased();
            // The lecture is theirs now: straight to its contents.
            setOpened(lecture);
          }}
        />
      )}
    </>
  );
}
