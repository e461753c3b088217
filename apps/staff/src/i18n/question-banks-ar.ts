import { name } from './resource-name';

/**
 * Polyglot's six Arabic forms (0, 1, 2, 3–10, 11–99, 100+), as exams-ar.ts counts marks.
 */
function counted(one: string, two: string, few: string, many: string): string {
  const n = '%{smart_count}';
  return [`${n} ${many}`, one, two, `${n} ${few}`, `${n} ${many}`, `${n} ${many}`].join(' |||| ');
}

/** The question banks' and the draw rules' resources: their names and field labels. */
export const banksResourcesArabic = {
  'question-banks': {
    name: name('بنك أسئلة', 'بنوك الأسئلة'),
    fields: {
      id: 'الرقم',
      q: 'بحث',
      name: 'اسم البنك',
      course_id: 'الدورة',
      course_name: 'الدورة',
      questions_count: 'عدد الأسئلة',
      exams_count: 'امتحانات تسحب منه',
      created_at: 'تاريخ الإضافة',
    },
  },
  'exam-draw-rules': {
    name: name('قاعدة سحب', 'قواعد سحب الأسئلة'),
    fields: {
      bank_id: 'بنك الأسئلة',
      tag: 'الوسم (اختياري)',
      difficulty: 'مستوى الصعوبة (اختياري)',
      mark: 'درجة كل سؤال',
      count: 'عدد الأسئلة',
      available: 'المتاح في البنك',
    },
  },
};

/**
 * The question banks' screens and the exam page's draw rules (issue 26, ADR 046), under
 * `dars.banks`.
 */
export const banksArabic = {
  difficulty: { easy: 'سهل', medium: 'متوسط', hard: 'صعب' },
  any_difficulty: 'أي مستوى',
  no_difficulty: 'بدون',
  course_help: 'اختياري: البنك لدورة واحدة، أو اتركه لكل الدورات',
  no_course: 'كل الدورات',
  questions: {
    title: 'أسئلة البنك',
    add: 'إضافة سؤال إلى البنك',
    empty: 'لا توجد أسئلة في هذا البنك بعد',
    none_match: 'لا توجد أسئلة بهذا المستوى أو الوسم',
    filter_difficulty: 'تصفية حسب مستوى الصعوبة',
    filter_tag: 'تصفية حسب الوسم',
    text: 'نص السؤال',
    type: 'النوع',
    mark: 'الدرجة',
    difficulty: 'مستوى الصعوبة',
    tags: 'الوسوم',
    no_tags: '—',
    edit: 'تعديل السؤال: %{text}',
    back: 'العودة إلى البنك',
    in_use:
      'عدد الامتحانات التي تسحب من هذا البنك: %{count}. إذا بدأ طلاب أحدها فلا يمكن تغيير نوع أسئلته أو درجتها أو إجاباتها أو حذفها، ويمكن إضافة أسئلة جديدة دائماً.',
  },
  question: {
    difficulty: 'مستوى الصعوبة',
    tags: 'الوسوم',
    tags_help:
      'كلمات قصيرة تختار بها قواعد السحب (مثل: الحركة، الفصل الأول). اكتب الوسم واضغط Enter؛ حتى 10 وسوم',
    tags_max: 'لا تزيد الوسوم عن 10',
    tags_bar: 'لا يحتوي الوسم على الرمز |',
    tags_long: 'لا يزيد الوسم عن 40 حرفاً',
    mark_help: 'عدد صحيح من 1 إلى 1000؛ تسحب السؤالَ قاعدةٌ لها الدرجة نفسها فقط',
  },
  rules: {
    title: 'قواعد السحب من بنوك الأسئلة',
    lead: 'يسحب كل طالب عند بدء الامتحان أسئلته الخاصة من البنوك حسب هذه القواعد، بعد الأسئلة الثابتة أعلاه. تسحب القاعدة أسئلة لها درجتها فقط، فتتساوى الدرجة الكلية لكل الطلاب.',
    empty: 'لا توجد قواعد سحب؛ كل الطلاب يجيبون عن الأسئلة الثابتة فقط',
    add: 'إضافة قاعدة سحب',
    edit_title: 'تعديل قاعدة السحب %{n}',
    edit: 'تعديل القاعدة %{n}',
    delete: 'حذف القاعدة %{n}',
    delete_title: 'حذف القاعدة %{n}',
    delete_body: 'لن يسحب الطلاب الجدد أسئلة بهذه القاعدة. هل تريد المتابعة؟',
    deleted: 'تم حذف قاعدة السحب',
    saved: 'تم حفظ قاعدة السحب',
    bank: 'البنك',
    tag: 'الوسم',
    difficulty: 'الصعوبة',
    mark: 'درجة السؤال',
    count: 'العدد',
    available: 'المتاح',
    actions: 'إجراءات',
    any: 'الكل',
    short: 'تحذير: المتاح في البنك %{available} والمطلوب %{count}',
    total: 'ما يحصل عليه كل طالب: %{questions} — الدرجة الكلية %{marks}',
    total_parts:
      'الأسئلة الثابتة: %{fixed_count} بدرجة %{fixed_marks}، والمسحوبة: %{drawn_count} بدرجة %{drawn_marks}',
    locked: 'بدأ طلاب هذا الامتحان: لا يمكن تغيير قواعد السحب؛ أنشئ نسخة جديدة من الامتحان.',
    load_failed: 'تعذّر تحميل قواعد السحب',
    tag_help: 'اتركه فارغاً لأي وسم',
    mark_help: 'يُسحب فقط ما درجته هذه من أسئلة البنك',
    count_help: 'عدد الأسئلة التي يسحبها كل طالب بهذه القاعدة',
  },
  preview: {
    open: 'معاينة سحب',
    title: 'معاينة سحب',
    lead: 'هكذا قد يحصل طالب على أسئلته: الأسئلة الثابتة ثم المسحوبة. كل طالب يسحب مجموعته الخاصة.',
    shuffled: 'ولأن الامتحان يرتّب الأسئلة لكل طالب ترتيباً مختلفاً، يراها الطالب بترتيب آخر.',
    again: 'اسحب مرة أخرى',
    close: 'إغلاق',
    loading: 'جار السحب…',
    fixed: 'ثابت',
    drawn: 'مسحوب',
    number: 'السؤال %{n}',
    total: 'الدرجة الكلية: %{marks} — عدد الأسئلة: %{questions}',
    counts: 'ثابتة: %{fixed} — مسحوبة: %{drawn}',
    missing:
      'تعذّر سحب %{missing} من الأسئلة المطلوبة: القواعد تطلب أكثر مما في البنوك. أضف أسئلة إلى البنك أو قلّل العدد.',
    empty: 'لا توجد أسئلة ثابتة ولا قواعد سحب في هذا الامتحان بعد',
    failed: 'تعذّرت معاينة السحب',
  },
  marks: counted('درجة واحدة', 'درجتان', 'درجات', 'درجة'),
};
