/**
 * Polyglot's six Arabic forms (0, 1, 2, 3–10, 11–99, 100+) in the student app's words
 * (`apps/web` plurals: 'دقيقة', 'دقيقتين', '5 دقائق', '15 دقيقة').
 */
function counted(one: string, two: string, few: string, many: string): string {
  const n = '%{smart_count}';
  return [`${n} ${many}`, one, two, `${n} ${few}`, `${n} ${many}`, `${n} ${many}`].join(' |||| ');
}

/**
 * The exams and questions screens' texts (ADR 026), under `dars.exams`. Field labels of the
 * `exams` and `questions` resources are in ar.ts with the other resources.
 */
export const examsArabic = {
  menu_hint: 'الامتحانات والواجبات',
  filters: { kind: 'النوع' },
  window_help: 'بتوقيت القاهرة، والساعة من 00 إلى 23؛ اتركه فارغاً ليكون الامتحان متاحاً دائماً',
  duration_help: 'اتركه فارغاً لامتحان مفتوح بلا وقت محدد',
  code_help:
    'حروف إنجليزية وأرقام، ويُقبل معها الشَّرطة (-) والشَّرطة السفلية (_)، بلا مسافات وحتى 40 حرفاً؛ يكتبه الطالب لدخول الامتحان',
  general_help: 'يدخله أي طالب بالكود من صفحة الامتحانات',
  // ADR 047: more than one attempt.
  attempts_help:
    'عدد المرات التي يدخل فيها الطالب الامتحان، من 1 إلى 20. يمكن منح طالب بعينه محاولات إضافية من صفحته',
  attempt_wait_help:
    'أقل مدة بين تسليم محاولة وبدء التالية؛ 0 لتبدأ التالية فوراً، وأقصاها 43200 دقيقة (30 يوماً)',
  attempt_rule_help: 'نتيجتها هي التي تُحتسب في النجاح وفتح المحاضرات وفي النتائج',
  attempt_rules: { best: 'أعلى درجة', last: 'آخر محاولة', average: 'متوسط المحاولات' },
  attempts_summary: '%{attempts} — %{rule}',
  questions: {
    title: 'أسئلة الامتحان',
    add: 'إضافة سؤال',
    empty: 'لا توجد أسئلة في هذا الامتحان بعد',
    summary: 'عدد الأسئلة: %{count} — الدرجة الكلية: %{total}',
    number: 'السؤال %{n}',
    edit: 'تعديل السؤال %{n}',
    delete: 'حذف السؤال %{n}',
    delete_title: 'حذف السؤال %{n}',
    delete_body: 'سيُحذف السؤال وإجاباته نهائياً. هل تريد المتابعة؟',
    deleted: 'تم حذف السؤال',
    move_up: 'نقل السؤال %{n} لأعلى',
    move_down: 'نقل السؤال %{n} لأسفل',
    order_saved: 'تم حفظ ترتيب الأسئلة',
    marks: counted('درجة واحدة', 'درجتان', 'درجات', 'درجة'),
    correct: 'صحيحة',
    no_answers: 'يجيب الطالب بالكتابة',
    back: 'العودة إلى الامتحان',
    save_first: 'احفظ السؤال أولاً ثم أضف الصور',
  },
  /** ADR 022: why the marking parts of a started exam's questions cannot change. */
  locked: {
    title: 'بدأ طلاب هذا الامتحان',
    body: 'دخل الطلاب هذا الامتحان (مرات الدخول: %{count})، ودرجاتهم محسوبة على أسئلته كما هي. لذلك لا يمكن إضافة سؤال أو حذفه أو تغيير نوعه أو درجته أو إجاباته أو ترتيبه. يمكنك تصحيح نص السؤال وصوره وشرح الإجابة فقط. لتغيير الأسئلة أنشئ نسخة جديدة من الامتحان.',
    field: 'لا يمكن تغييره بعد أن بدأ طلاب الامتحان',
  },
  question: {
    text: 'نص السؤال',
    correct_true: 'الإجابة الصحيحة',
    true: 'صواب',
    false: 'خطأ',
    answers: 'الإجابات',
    answer: 'الإجابة %{n}',
    answer_correct: 'الإجابة %{n} صحيحة',
    answer_image: 'رابط صورة الإجابة %{n}',
    answers_help: 'أضف إجابتين على الأقل واختر إجابة صحيحة واحدة على الأقل',
    image: 'صورة السؤال',
    explain_image: 'صورة شرح الإجابة',
    mark_help: 'عدد صحيح من 1 إلى 1000',
  },
  preview: {
    open: 'معاينة كما يراها الطالب',
    title: 'معاينة: %{name}',
    note: 'معاينة للقراءة فقط بترتيب الأسئلة الذي يراه الطالب: لا تُحفظ فيها إجابات ولا تظهر الإجابات الصحيحة.',
    shuffled: 'تظهر الإجابات لكل طالب بترتيب عشوائي خاص به؛ هذا ترتيب أحدها.',
    reshuffle: 'ترتيب عشوائي آخر',
    duration: 'المدة',
    open_duration: 'مفتوح',
    minutes: counted('دقيقة', 'دقيقتين', 'دقائق', 'دقيقة'),
    questions_count: 'عدد الأسئلة',
    question_count: counted('سؤال واحد', 'سؤالان', 'أسئلة', 'سؤالاً'),
    attempts: 'المحاولات',
    attempt_wait: 'بين كل محاولتين %{wait} على الأقل',
    question: 'السؤال %{n}',
    answers: 'الإجابات',
    essay: 'إجابتك',
    attach_image: 'إرفاق صورة',
    question_image: 'صورة السؤال',
    option_image: 'صورة الاختيار %{n}',
    empty: 'لا توجد أسئلة في هذا الامتحان بعد',
    back: 'العودة إلى الامتحان',
  },
};
