import { PAY_BY_LABELS, STUDENT_STATUS_LABELS, TRANSACTION_TYPE_LABELS } from '@dars/contract';

/**
 * The students and messages screens' texts (issue 13, ADR 029). The resource's name and field
 * labels merge into `resources`; the screens' own texts sit under `dars.people`.
 */

/** A resource's name for Polyglot's six Arabic forms (see ar.ts). */
function name(singular: string, plural: string): string {
  return [plural, singular, plural, plural, plural, plural].join(' |||| ');
}

export const peopleResourcesArabic = {
  students: {
    name: name('طالب', 'الطلاب'),
    fields: {
      id: 'الرقم',
      q: 'بحث بالاسم أو البريد أو الهاتف أو الرقم أو عنوان المحفظة',
      name: 'الاسم',
      email: 'البريد الإلكتروني',
      phone: 'الهاتف',
      grade_id: 'الصف الدراسي',
      'grade.name': 'الصف الدراسي',
      balance: 'الرصيد',
      wallet_address: 'عنوان المحفظة',
      email_verified: 'البريد مؤكد',
      blocked: 'موقوف',
      status: 'الحالة',
      blocked_at: 'تاريخ الإيقاف',
      blocked_reason: 'سبب الإيقاف',
      center_name: 'السنتر',
      created_at: 'تاريخ التسجيل',
    },
  },
};

export const peopleArabic = {
  tabs: {
    profile: 'البيانات',
    courses: 'الدورات (%{count})',
    purchases: 'المشتريات (%{count})',
    sessions: 'الامتحانات (%{count})',
    ledger: 'المحفظة (%{count})',
  },
  // The codes' words come from the catalogue the exports write too (ADR 034).
  status: STUDENT_STATUS_LABELS,
  courses: {
    name: 'الدورة',
    pay_type: 'طريقة الشراء',
    got_by: 'حصل عليها بـ',
    joined_at: 'تاريخ الانضمام',
    granted: 'ممنوحة من',
    empty: 'لم ينضم إلى أي دورة بعد',
  },
  purchases: {
    lecture: 'المحاضرة',
    course: 'الدورة',
    price_paid: 'المدفوع',
    pay_by: 'طريقة الدفع',
    created_at: 'تاريخ الشراء',
    expires_at: 'تنتهي في',
    expired: 'منتهية',
    empty: 'لا توجد مشتريات',
    by: PAY_BY_LABELS,
  },
  sessions: {
    exam: 'الامتحان',
    started_at: 'بدأ في',
    finished_at: 'انتهى في',
    score: 'الدرجة',
    result: 'النتيجة',
    passed: 'ناجح',
    failed: 'راسب',
    running: 'لم ينته',
    waiting: 'في انتظار التصحيح',
    empty: 'لم يدخل أي امتحان',
  },
  ledger: {
    serial: 'رقم العملية',
    type: 'النوع',
    value: 'القيمة',
    balance_after: 'الرصيد بعدها',
    comment: 'ملاحظة',
    created_at: 'الوقت',
    empty: 'لا توجد عمليات في المحفظة',
    types: TRANSACTION_TYPE_LABELS,
  },
  actions: {
    title: 'إجراءات الحساب',
    reset: 'إرسال رمز استعادة كلمة المرور',
    reset_title: 'إرسال رمز استعادة كلمة المرور إلى %{name}',
    reset_content:
      'ستصل إلى بريد الطالب رسالة برمز لتعيين كلمة مرور جديدة. كلمة المرور الحالية تبقى تعمل حتى يغيّرها.',
    block: 'إيقاف الحساب',
    block_title: 'إيقاف حساب %{name}',
    block_help: 'سيخرج الطالب من كل أجهزته فوراً ولن يستطيع الدخول حتى تعيد تفعيل الحساب.',
    block_reason: 'سبب الإيقاف (يظهر لفريق العمل فقط)',
    blocked: 'تم إيقاف الحساب',
    unblock: 'إعادة تفعيل الحساب',
    unblock_title: 'إعادة تفعيل حساب %{name}',
    unblock_content: 'سيستطيع الطالب تسجيل الدخول من جديد.',
    unblocked: 'تمت إعادة تفعيل الحساب',
    grant: 'منح دورة أو محاضرة',
    grant_title: 'منح %{name} دورة أو محاضرة',
    grant_kind: 'ما الذي تمنحه؟',
    grant_course: 'دورة كاملة',
    grant_lecture: 'محاضرة',
    grant_help:
      'تُسجّل المنحة باسمك في مشتريات الطالب وسجل التغييرات. إن دفع الطالب نقدًا في المركز فاكتب المبلغ: يُحسب في الإيرادات «نقدًا في المركز» ويظهر في مشترياته، ولا يدخل المحفظة. اتركه فارغًا لمنحة بدون دفع.',
    grant_cash: 'المبلغ المدفوع نقدًا في المركز (جنيه، اختياري)',
    grant_cash_help: 'فارغ أو صفر: منحة بدون دفع',
    grant_comment: 'ملاحظة (اختياري)',
    granted: 'تم المنح',
    granted_cash: 'تم المنح وتسجيل %{amount} نقدًا في المركز',
    balance: 'تعديل الرصيد',
    balance_title: 'تعديل رصيد %{name}',
    balance_help:
      'أدخل مبلغاً موجباً للإضافة أو سالباً للخصم. يرى الطالب العملية وملاحظتك في جدول محفظته.',
    balance_amount: 'المبلغ (جنيه)',
    balance_comment: 'الملاحظة (مطلوبة)',
    balance_done: 'تم تعديل الرصيد. الرصيد الآن %{balance}',
    cancel: 'إلغاء',
    confirm: 'تأكيد',
    send: 'إرسال',
  },
  messages: {
    title: 'الرسائل والإعلان العام',
    send_title: 'إرسال إشعار للطلاب',
    send_help: 'يظهر الإشعار في جرس الإشعارات عند الطالب.',
    audience: 'إلى من؟',
    audiences: {
      student: 'طالب واحد',
      grade: 'طلاب صف دراسي',
      course: 'طلاب دورة',
      all: 'كل الطلاب',
    },
    student_id: 'الطالب',
    grade_id: 'الصف الدراسي',
    course_id: 'الدورة',
    message_title: 'عنوان الإشعار',
    content: 'نص الإشعار',
    to: 'مسار يفتحه الإشعار (اختياري، مثل /wallet)',
    send: 'إرسال الإشعار',
    confirm_all_title: 'إرسال الإشعار إلى كل الطلاب؟',
    confirm_all_content: 'سيصل هذا الإشعار إلى كل الطلاب غير الموقوفين.',
    // %{students}: the count with its noun (useCount): «طالب واحد», «11 طالبًا».
    sent: 'تم إرسال الإشعار إلى %{students}',
    announcement_title: 'الإعلان العام',
    announcement_help:
      'يظهر للطالب مرة واحدة في نافذة عند فتح التطبيق. اتركه فارغاً لإلغاء الإعلان.',
    announcement: 'نص الإعلان',
    announcement_save: 'حفظ الإعلان',
    announcement_saved: 'تم حفظ الإعلان العام',
    admin_only: 'هذه الصفحة متاحة للمدير فقط',
  },
  menu: { messages: 'الرسائل والإعلان' },
};
