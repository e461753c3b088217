import type { Lecture, PayType } from '@dars/contract';

/** How a lecture shows in the list (spec §2): one of four states. */
export type LectureStatus = 'purchased' | 'preview' | 'expired' | 'locked';

export interface LectureState {
  status: LectureStatus;
  /** Marked free or priced 0 (ADR 000: Free). */
  free: boolean;
  /** The student may open its contents. */
  hasAccess: boolean;
  /** What getting it costs now: 0 when free, the repurchase price for a spent repurchasable one. */
  price: number;
}

type LectureFields = Pick<
  Lecture,
  'free' | 'price' | 'preview' | 'purchased' | 'expired' | 'repurchasable' | 'repurchase_price'
>;

/**
 * A lecture's state for the student (spec §2 "Lecture list item"): with pay type 'course'
 * access means purchased (the course) or preview; otherwise purchased only. An expired
 * purchase gives no access, except through a preview.
 * @example lectureState({ ...lecture, preview: true, purchased: false }, 'course').status // 'preview'
 * @example lectureState({ ...lecture, preview: true, purchased: false }, 'lectures').status // 'locked'
 */
export function lectureState(lecture: LectureFields, payType: PayType): LectureState {
  const free = lecture.free || lecture.price === 0;
  const owned = lecture.purchased && !lecture.expired;
  const preview = payType === 'course' && lecture.preview;
  const hasAccess = owned || preview;
  const status: LectureStatus = owned
    ? 'purchased'
    : preview
      ? 'preview'
      : lecture.expired
        ? 'expired'
        : 'locked';
  const spent = lecture.purchased && lecture.expired && lecture.repurchasable;
  const price = free ? 0 : spent ? (lecture.repurchase_price ?? lecture.price) : lecture.price;
  return { status, free, hasAccess, price };
}

/** What tapping a lecture does. */
export type LectureTap =
  /** A guest is sent to login with `?course=`. */
  | 'login'
  /** Load the contents and open the lecture dialog. */
  | 'open'
  /** Open the lecture purchase dialog. */
  | 'buy-lecture'
  /** Lectures of a whole-course purchase are got by getting the course. */
  | 'get-course'
  /** Expired with nothing to buy again: say so. */
  | 'expired';

/**
 * The tap behaviour of spec §2: contents with access, the purchase dialog without, login
 * for guests. An expired lecture is bought again only when it is repurchasable.
 * @example lectureTap(lectureState(lecture, 'lectures'), lecture, { signedIn: true, payType: 'lectures' }) // 'buy-lecture'
 */
export function lectureTap(
  state: LectureState,
  lecture: Pick<Lecture, 'repurchasable'>,
  context: { signedIn: boolean; payType: PayType },
): LectureTap {
  if (!context.signedIn) return 'login';
  if (state.hasAccess) return 'open';
  if (context.payType === 'course') return state.status === 'expired' ? 'expired' : 'get-course';
  if (state.status === 'expired' && !lecture.repurchasable) return 'expired';
  return 'buy-lecture';
}
