/**
 * Texts of the staff accounts and audit log screens (ADR 028) that the shared catalogue
 * (i18n/ar.ts, resources.accounts / resources['audit-log']) does not hold. The console has no
 * language switch, so they are plain Arabic constants.
 */
export const ACCOUNT_TEXTS = {
  passwordKeep:
    'اتركها فارغة لتبقى كلمة المرور كما هي. تغييرها أو تغيير الدور يُخرج الحساب من كل أجهزته.',
  passwordNew: 'ثمانية أحرف على الأقل. أبلغها لصاحب الحساب بنفسك.',
  remove: 'إزالة من فريق العمل',
  removeTitle: 'إزالة %{name} من فريق العمل',
  removeContent:
    'لن يستطيع صاحب هذا الحساب دخول لوحة الإدارة بعد الآن وسيُخرج من كل أجهزته. يبقى حسابه وسجله كما هما.',
  removed: 'تمت إزالة الحساب من فريق العمل',
  roleHelp:
    'المدير يدير كل شيء. المشرف يدير المحتوى والامتحانات فقط. المدرس يدير دوراته وامتحاناته وتصحيحها فقط.',
  teacherHelp: 'يرى هذا الحساب دورات هذا المدرس وحدها.',
  howIn: 'طريقة الدخول',
  invite: 'إرسال دعوة بالبريد ليعيّن كلمة مروره بنفسه',
  setNow: 'تعيين كلمة مرور الآن',
  invited: 'أُرسلت دعوة إلى %{email}',
  invitation: 'الدعوة',
  invitationWaits: 'بانتظار القبول حتى %{date}',
  invitationLapsed: 'انتهت صلاحية الدعوة',
  inviteAgain: 'إرسال دعوة جديدة',
  inviteAgainHelp: 'يصله رابط جديد لتعيين كلمة المرور، وتتوقف الروابط السابقة.',
  inviteSent: 'أُرسلت الدعوة إلى %{email}. الرابط صالح حتى %{date} ولمرة واحدة.',
  inviteNotMailed:
    'تعذّر إرسال البريد الآن. الرابط يعمل رغم ذلك: انسخه وأرسله لصاحب الحساب بنفسك (واتساب مثلاً).',
  inviteLink: 'رابط الدعوة',
  copy: 'نسخ الرابط',
  copied: 'تم نسخ الرابط',
  close: 'إغلاق',
} as const;

/** The actions the staff API writes to the audit log (ADR 022, 025). */
export const AUDIT_ACTIONS: Record<string, string> = {
  create: 'إضافة',
  update: 'تعديل',
  delete: 'حذف',
  reorder: 'إعادة ترتيب',
  upload: 'رفع ملف',
  approve: 'قبول',
  reject: 'رفض',
  mark: 'تصحيح',
  balance: 'تعديل رصيد',
  block: 'إيقاف حساب',
  unblock: 'إعادة تفعيل حساب',
  grant: 'منح دورة أو محاضرة',
  refund: 'رد ثمن شراء',
  password_reset: 'إرسال رمز استعادة كلمة المرور',
  // A student's devices (ADR 051).
  sign_out_device: 'تسجيل خروج جهاز',
  sign_out_all: 'تسجيل الخروج من كل الأجهزة',
  reset_devices: 'إعادة ضبط الأجهزة',
  send: 'إرسال رسالة',
  invite: 'إرسال دعوة',
  accept_invitation: 'قبول دعوة وتعيين كلمة المرور',
  disable: 'تعطيل',
  recheck: 'إعادة فحص الدفع',
  reply: 'رد',
  close: 'إغلاق',
  reopen: 'إعادة فتح',
  regrade: 'إعادة تصحيح',
  retry: 'إعادة إرسال',
  // A video's failed HLS ladder queued again (ADR 055).
  transcode: 'إعادة محاولة تحويل الفيديو',
};

/** The resources the audit log names (the API's names), as the menu calls them. */
export const AUDIT_RESOURCES: Record<string, string> = {
  courses: 'الدورات',
  lectures: 'المحاضرات',
  videos: 'الفيديوهات',
  attachments: 'المرفقات',
  exams: 'الامتحانات',
  questions: 'الأسئلة',
  'lecture-exams': 'امتحانات المحاضرات',
  'exam-accommodations': 'الوقت الخاص في الامتحانات',
  'exam-attempt-grants': 'المحاولات الإضافية في الامتحانات',
  'question-banks': 'بنوك الأسئلة',
  'exam-draw-rules': 'قواعد سحب الأسئلة',
  teachers: 'المدرسون',
  grades: 'الصفوف الدراسية',
  categories: 'التصنيفات',
  'header-images': 'صور الصفحة الرئيسية',
  settings: 'الإعدادات',
  accounts: 'حسابات فريق العمل',
  'mobile-payments': 'طلبات الشحن',
  marking: 'تصحيح المقالي',
  students: 'الطلاب',
  paycards: 'كروت الشحن',
  'paycard-batches': 'دفعات كروت الشحن',
  'payment-orders': 'مدفوعات البوابات',
  'support-tickets': 'طلبات الدعم',
  messages: 'الرسائل',
  parent_messages: 'رسائل أولياء الأمور',
  phone_messages: 'رسائل واتساب والرسائل النصية',
  phone_opt_outs: 'أرقام أوقفت الرسائل',
};

export const AUDIT_TEXTS = {
  field: 'الحقل',
  before: 'قبل',
  after: 'بعد',
  none: '—',
  yes: 'نعم',
  no: 'لا',
  noChanges: 'لا توجد تفاصيل لهذا التغيير',
  details: 'التفاصيل',
  changesOf: 'تفاصيل التغيير رقم %{id}',
  commandLine: 'سطر الأوامر',
  by: 'بواسطة',
  resourceId: 'رقم العنصر',
} as const;
