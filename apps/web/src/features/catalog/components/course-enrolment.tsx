import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { useQueryClient } from '@tanstack/react-query';
import type { Course, PurchaseBody } from '@dars/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Message } from '../../../components/message-bar';
import { PurchaseDialog } from '../../../components/purchase-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ApiError } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings-context';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { courseQueryOptions } from '../api/get-course';
import { useJoinCourse } from '../api/join-course';
import { usePurchaseCourse } from '../api/purchase-course';
import { joinErrorMessage, coursePurchaseErrorMessage } from '../lib/purchase-messages';
import { isFreeCourse } from './course-card';

/**
 * The label of the course's action (spec §2): 'تم الانضمام' once joined, 'احصل على الدورة'
 * for a whole-course purchase, 'انضم الآن' otherwise.
 * @example enrolLabel({ joined: false, pay_type: 'course' }) // 'احصل على الدورة'
 */
export function enrolLabel(course: Pick<Course, 'joined' | 'pay_type'>): string {
  if (course.joined) return t('course.joined');
  return course.pay_type === 'course' ? t('course.getCourse') : t('course.joinNow');
}

/**
 * The course's join or purchase button. Guests are sent to login with `?course={id}`, so
 * they come back here once signed in; once joined it is disabled.
 */
export function EnrolButton({ course, onClick }: { course: Course; onClick: () => void }) {
  const { signedIn } = useSession();
  const common = { variant: 'contained', size: 'large', fullWidth: true } as const;
  if (course.joined) {
    return (
      <Button {...common} disabled startIcon={<CheckCircleRoundedIcon />}>
        {enrolLabel(course)}
      </Button>
    );
  }
  if (!signedIn) {
    return (
      <Button {...common} component={Link} to={`/login?course=${course.id}`}>
        {enrolLabel(course)}
      </Button>
    );
  }
  return (
    <Button {...common} onClick={onClick}>
      {enrolLabel(course)}
    </Button>
  );
}

interface EnrolDialogProps {
  course: Course;
  open: boolean;
  onClose: () => void;
  /** After a join or purchase: the caller refreshes the user (balance, my courses). */
  onEnrolled: () => void;
}

/**
 * The dialog behind the course's action (spec §4): a confirmation to join a course whose
 * lectures are bought one by one, or the purchase dialog for a whole course.
 */
export function EnrolDialog(props: EnrolDialogProps) {
  return props.course.pay_type === 'course' ? (
    <CoursePurchaseDialog {...props} />
  ) : (
    <JoinCourseDialog {...props} />
  );
}

function JoinCourseDialog({ course, open, onClose, onEnrolled }: EnrolDialogProps) {
  const join = useJoinCourse(course.id);
  const queryClient = useQueryClient();
  const showSnackbar = useSnackbar();

  const confirm = () =>
    join.mutate(undefined, {
      onSuccess: () => {
        showSnackbar(t('course.joinDone'));
        onEnrolled();
      },
      onError: (error) => {
        showSnackbar(joinErrorMessage(error), { severity: 'error' });
        // spec §8: already joined goes (back) to the course, which reads joined again.
        if (error instanceof ApiError && error.code === 'ALREADY_JOINED') {
          void queryClient.invalidateQueries({ queryKey: courseQueryOptions(course.id).queryKey });
          onEnrolled();
        }
      },
      onSettled: onClose,
    });

  return (
    <ConfirmDialog
      open={open}
      title={t('course.joinTitle')}
      body={t('course.joinBody', { name: course.name })}
      confirmLabel={t('course.joinConfirm')}
      cancelLabel={t('common.cancel')}
      busy={join.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function CoursePurchaseDialog({ course, open, onClose, onEnrolled }: EnrolDialogProps) {
  const purchase = usePurchaseCourse(course.id);
  const queryClient = useQueryClient();
  const showSnackbar = useSnackbar();
  const { user } = useSession();
  const { enable_wallet_system, recharge_info } = useAppSettings();
  const [message, setMessage] = useState<Message | null>(null);
  const free = isFreeCourse(course);

  const submit = async (body: PurchaseBody) => {
    setMessage(null);
    try {
      await purchase.mutateAsync(body);
      showSnackbar(t('course.purchaseDone'));
      onEnrolled();
      onClose();
    } catch (error) {
      setMessage({ text: coursePurchaseErrorMessage(error), severity: 'error' });
      if (error instanceof ApiError && error.code === 'ALREADY_PURCHASED') {
        void queryClient.invalidateQueries({ queryKey: courseQueryOptions(course.id).queryKey });
      }
    }
  };

  const close = () => {
    setMessage(null);
    onClose();
  };

  return (
    <PurchaseDialog
      open={open}
      title={t('course.purchaseTitle')}
      itemName={course.name}
      price={free ? 0 : course.price}
      free={free}
      balance={user?.balance ?? null}
      walletEnabled={enable_wallet_system}
      minRecharge={recharge_info.min_recharge_amount}
      busy={purchase.isPending}
      message={message}
      onSubmit={submit}
      onClose={close}
    />
  );
}
