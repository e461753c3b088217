import { translator } from './t';

/**
 * The texts of a student's progress page in a course (issue 28). They load with its route, not
 * with the app (ADR 020), like the wallet's.
 */
export const arProgress = {
  page: {
    back: 'العودة إلى الدورة',
    loading: 'جارٍ تحميل تقدّمك',
    loadFailed: 'حدثت مشكلة أثناء تحميل تقدّمك في الدورة',
  },
  summary: {
    title: 'ملخص تقدّمك',
    /** The progress bar's name; its value is the percent. */
    bar: 'نسبة ما أنجزته من الدورة',
    done: 'أنجزت {percent}',
    /** `{total}` is a counted phrase: «شاهدت 3 من 8 فيديوهات», «فتحت 1 من ملفين». */
    videos: 'شاهدت {done} من {total}',
    attachments: 'فتحت {done} من {total}',
    exams: 'أديت {done} من {total}',
  },
  left: {
    title: 'المتبقي عليك',
    listLabel: 'ما بقي عليك في المحاضرات المتاحة لك',
    /** All done, and every lecture is theirs. */
    allDone: 'أحسنت! أنجزت كل ما في هذه الدورة من فيديوهات وملفات وامتحانات.',
    /** All done in the lectures they hold; others are still locked. */
    openDone: 'أنجزت كل ما في المحاضرات المتاحة لك. احصل على باقي المحاضرات لتكمل الدورة.',
    /** The lectures they hold have nothing to do yet. */
    nothing: 'لا يوجد بعد ما تتابعه في المحاضرات المتاحة لك.',
  },
  lectures: {
    title: 'المحاضرات',
    /** Done of the lecture's items. */
    count: 'أنجزت {done} من {total}',
    locked: 'غير متاحة لك بعد',
    get: 'احصل على المحاضرة',
    empty: 'لا يوجد محتوى في هذه المحاضرة بعد',
  },
  kind: {
    video: 'فيديو',
    attachment: 'ملف',
    exam: 'امتحان',
    homework: 'واجب',
  },
  video: {
    watched: 'تمت المشاهدة',
    partly: 'شاهدت {percent}',
    /** Played, but under 1 % of a long video: not «not yet». */
    started: 'شاهدت أقل من 1٪',
    notYet: 'لم تشاهده بعد',
    last: 'آخر مشاهدة: {time}',
  },
  attachment: {
    opened: 'فتحته يوم {time}',
    notYet: 'لم تفتحه بعد',
  },
  exam: {
    notYet: 'لم تؤدّه بعد',
    score: 'الدرجة {percent}',
    waiting: 'في انتظار التصحيح',
    /** Taken, with a score the exam does not show. */
    taken: 'تم الأداء',
    passed: 'ناجح',
    failed: 'لم تنجح',
  },
  /** After «من»: the count agrees with the noun (spec §9), «من 8 فيديوهات», «من ملفين». */
  plurals: {
    videoOf: { one: 'فيديو واحد', two: 'فيديوهين', few: 'فيديوهات', many: 'فيديو' },
    fileOf: { one: 'ملف واحد', two: 'ملفين', few: 'ملفات', many: 'ملفاً', other: 'ملف' },
    examOf: {
      one: 'امتحان أو واجب واحد',
      two: 'اثنين من الامتحانات والواجبات',
      few: 'امتحانات وواجبات',
      many: 'امتحاناً وواجباً',
      other: 'امتحان وواجب',
    },
  },
} as const;

export const tp = translator(arProgress);
