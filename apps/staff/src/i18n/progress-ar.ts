import type { ProgressStatus } from '@dars/contract';
import { name } from './resource-name';

/**
 * The progress reports' texts (issue 28, ADR 054): a course's report of its students and a
 * student's progress in their courses. The report's resource name and filter labels merge into
 * `resources`; the screens' own texts sit under `dars.progress`.
 */

export const progressResourcesArabic = {
  'course-progress': {
    name: name('متابعة طالب', 'متابعة الطلاب'),
    fields: {
      q: 'بحث بالاسم أو الهاتف',
      lecture_id: 'المحاضرة',
      status: 'الحالة',
      grade_id: 'الصف الدراسي',
    },
  },
};

/** What a report's status filter finds, in the words the staff use. */
const STATUS_LABELS: Record<ProgressStatus, string> = {
  not_watched: 'لم يشاهد',
  watched: 'شاهد كل الفيديوهات',
  missed_exam: 'لم يؤدِّ الامتحان/الواجب',
  no_activity: 'بلا أي نشاط',
};

export const progressArabic = {
  /** The course page's button, and the report's title. */
  open: 'متابعة الطلاب',
  title: 'متابعة الطلاب',
  title_of: 'متابعة الطلاب: %{course}',
  back: 'العودة إلى الدورة',
  help: 'الأرقام من نشاط الطلاب الفعلي: يُحسب الفيديو مُشاهَداً إذا شاهد الطالب %{percent}٪ منه على الأقل، والملف مفتوحاً إذا فتحه مرة، والامتحان أو الواجب مؤدّى إذا أنهاه. اختر محاضرة لتُحسب الأرقام في تلك المحاضرة وحدها.',
  table: 'تقدم طلاب الدورة',
  all_lectures: 'كل المحاضرات',
  statuses: STATUS_LABELS,
  download: 'تنزيل ملف Excel',
  empty: 'لم ينضم طلاب إلى هذه الدورة بعد',
  empty_filtered: 'لا يوجد طلاب يطابقون هذا البحث',
  failed: 'تعذر تحميل المتابعة',
  retry: 'إعادة المحاولة',
  of: '%{done} من %{total}',
  percent: '%{value}٪',
  none: '—',
  no_activity_yet: 'لا نشاط بعد',
  details_label: 'متابعة %{name}',
  details_title: 'متابعة %{name}',
  columns: {
    name: 'الطالب',
    phone: 'الهاتف',
    parent_phone: 'هاتف ولي الأمر',
    grade: 'الصف',
    videos: 'الفيديوهات المشاهدة',
    attachments: 'الملفات المفتوحة',
    exams: 'الامتحانات المؤداة',
    average_score: 'متوسط الدرجات',
    watched_minutes: 'دقائق المشاهدة',
    last_activity_at: 'آخر نشاط',
    joined_at: 'الانضمام',
  },
  /** A student's progress, on their page (a tab) and in a teacher's report (a dialog). */
  student: {
    tab: 'المتابعة',
    help: 'يُحسب الفيديو مُشاهَداً إذا شاهد الطالب %{percent}٪ منه على الأقل.',
    empty: 'لم ينضم الطالب إلى أي دورة بعد',
    summary:
      'الفيديوهات %{videos} — الملفات %{attachments} — الامتحانات %{exams} — الإنجاز %{percent}٪',
    done_label: 'إنجاز %{course}',
    lecture_summary: 'الفيديوهات %{videos} — الملفات %{attachments} — الامتحانات %{exams}',
    loading: 'جارٍ تحميل المتابعة…',
    closed: 'غير متاحة للطالب',
    no_items: 'لا فيديوهات ولا ملفات ولا امتحانات في هذه المحاضرة',
    videos: 'الفيديوهات',
    attachments: 'الملفات',
    exams: 'الامتحانات والواجبات',
    video_watched: 'شاهد %{percent}٪ — مكتمل',
    video_partly: 'شاهد %{percent}٪',
    video_none: 'لم يشاهده',
    opened: 'فُتح في %{at}',
    not_opened: 'لم يُفتح',
    score: 'الدرجة %{score}٪',
    passed: 'ناجح',
    failed: 'راسب',
    waiting_mark: 'أدّاه وينتظر التصحيح',
    not_taken: 'لم يؤدِّه',
    taken: 'أدّاه',
    kind: { exam: 'امتحان', homework: 'واجب' },
  },
};
