import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { PAY_TYPE_LABELS } from '@dars/contract';
import { formatNumber } from '@dars/ui/format';
import { raArabic } from './ra-ar';
import { dailyArabic, dailyResourcesArabic } from './daily-ar';
import { moneyArabic, moneyResourcesArabic } from './money-ar';
import { messagesResourcesArabic, phoneArabic } from './messages-ar';
import { peopleArabic, peopleResourcesArabic } from './people-ar';
import { studentsArabic } from './students-ar';
import { devicesArabic } from './devices-ar';
import { exportsArabic, exportsResourcesArabic } from './exports-ar';
import { auditFieldsArabic, auditValuesArabic } from './audit-ar';
import { lectureContentsArabic } from './lecture-contents-ar';
import { examsArabic } from './exams-ar';
import { examReviewArabic } from './exam-review-ar';
import { banksArabic, banksResourcesArabic } from './question-banks-ar';
import { countsArabic } from './counts-ar';
import { progressArabic, progressResourcesArabic } from './progress-ar';
import { name } from './resource-name';

const common = {
  id: 'الرقم',
  name: 'الاسم',
  position: 'الترتيب',
  created_at: 'تاريخ الإضافة',
  q: 'بحث',
};

/** The console's own texts: resource names, field labels and screens. */
export const consoleArabic = {
  resources: {
    grades: { name: name('صف دراسي', 'الصفوف الدراسية'), fields: common },
    categories: { name: name('تصنيف', 'التصنيفات'), fields: common },
    teachers: {
      name: name('مدرس', 'المدرسون'),
      fields: {
        ...common,
        bio: 'نبذة',
        phone: 'الهاتف',
        email: 'البريد الإلكتروني',
        whatsapp_url: 'رابط واتساب',
        facebook_url: 'رابط فيسبوك',
        messenger_url: 'رابط ماسنجر',
        twitter_url: 'رابط تويتر',
        youtube_url: 'رابط يوتيوب',
        telegram_url: 'رابط تيليجرام',
        courses_count: 'عدد الدورات',
        avatar_url: 'الصورة الشخصية',
        banner_url: 'صورة الغلاف',
        revenue_share_percent: 'نسبة المدرس من المبيعات (٪)',
        may_set_prices: 'يحدد أسعار دوراته',
      },
    },
    courses: {
      name: name('دورة', 'الدورات'),
      fields: {
        ...common,
        description: 'الوصف',
        image_url: 'صورة الدورة',
        featured: 'مميزة',
        pay_type: 'طريقة الشراء',
        price: 'السعر (جنيه)',
        free: 'مجانية',
        show_preview: 'عرض المعاينة',
        users_limit: 'الحد الأقصى للطلاب',
        published: 'منشورة',
        grade_ids: 'الصفوف الدراسية',
        category_ids: 'التصنيفات',
        teacher_ids: 'المدرسون',
        lectures_count: 'المحاضرات',
        users_count: 'الطلاب',
        grade_id: 'الصف الدراسي',
        category_id: 'التصنيف',
        teacher_id: 'المدرس',
      },
    },
    lectures: {
      name: name('محاضرة', 'المحاضرات'),
      fields: {
        ...common,
        course_id: 'الدورة',
        free: 'مجانية',
        price: 'السعر (جنيه)',
        preview: 'متاحة للمعاينة',
        expiry_days: 'مدة الإتاحة بالأيام',
        repurchasable: 'يمكن شراؤها مرة أخرى',
        repurchase_price: 'سعر إعادة الشراء (جنيه)',
        paycard_disabled: 'لا تُشترى بكارت الشحن',
        videos_count: 'الفيديوهات',
        attachments_count: 'المرفقات',
        exams_count: 'الامتحانات',
      },
    },
    videos: {
      name: name('فيديو', 'الفيديوهات'),
      fields: {
        ...common,
        lecture_id: 'المحاضرة',
        views_limit: 'عدد المشاهدات المسموح',
        hide_attendance_chips: 'إخفاء شارات الحضور',
        attendance_required: 'الحضور مطلوب',
        attendance_chip_text: 'نص شارة الحضور',
        has_file: 'الملف مرفوع',
        duration_seconds: 'المدة (ثانية)',
      },
    },
    attachments: {
      name: name('مرفق', 'المرفقات'),
      fields: { ...common, lecture_id: 'المحاضرة', size: 'الحجم', extension: 'الامتداد' },
    },
    exams: {
      name: name('امتحان', 'الامتحانات'),
      fields: {
        ...common,
        description: 'الوصف',
        exam_code: 'كود الامتحان',
        kind: 'النوع',
        course_id: 'الدورة',
        is_general: 'امتحان عام',
        duration_minutes: 'المدة بالدقائق',
        starts_at: 'يبدأ في',
        ends_at: 'ينتهي في',
        pass_percentage: 'نسبة النجاح (%)',
        max_attempts: 'عدد المحاولات',
        attempt_wait_minutes: 'الانتظار بين المحاولات (بالدقائق)',
        attempt_rule: 'المحاولة المحتسبة',
        show_result: 'إظهار النتيجة',
        show_detailed_result: 'إظهار النتيجة التفصيلية',
        shuffled_answers: 'ترتيب عشوائي للإجابات',
        shuffled_questions: 'ترتيب مختلف للأسئلة لكل طالب',
        enable_images_answers: 'السماح بالإجابة بالصور',
        questions_count: 'الأسئلة',
        total_mark: 'الدرجة الكلية',
        sessions_count: 'مرات الدخول',
      },
    },
    questions: {
      name: name('سؤال', 'الأسئلة'),
      fields: {
        ...common,
        exam_id: 'الامتحان',
        bank_id: 'بنك الأسئلة',
        difficulty: 'مستوى الصعوبة',
        tags: 'الوسوم',
        type: 'نوع السؤال',
        text: 'نص السؤال',
        mark: 'الدرجة',
        answer_explain_text: 'شرح الإجابة',
        answers: 'الإجابات',
        correct: 'إجابة صحيحة',
        correct_true: 'الإجابة الصحيحة: صواب',
      },
    },
    'lecture-exams': {
      name: name('امتحان محاضرة', 'امتحانات المحاضرات'),
      fields: {
        lecture_id: 'المحاضرة',
        exam_id: 'الامتحان',
        position: 'الترتيب',
        must_pass: 'يجب النجاح فيه',
        must_take: 'يجب دخوله',
        alternative_exam_id: 'الامتحان البديل',
        navigate_to_alternative: 'الانتقال إلى البديل',
      },
    },
    // More attempts for one student (ADR 047): the dialog's labels and the audit log's.
    'exam-attempt-grants': {
      name: name('محاولات إضافية', 'المحاولات الإضافية في الامتحانات'),
      fields: {
        id: 'الرقم',
        user_id: 'الطالب',
        exam_id: 'الامتحان',
        extra_attempts: 'عدد المحاولات الإضافية',
        note: 'ملاحظة',
        created_at: 'تاريخ الإضافة',
      },
    },
    accounts: {
      name: name('حساب فريق العمل', 'حسابات فريق العمل'),
      fields: {
        ...common,
        email: 'البريد الإلكتروني',
        phone: 'الهاتف',
        role: 'الدور',
        teacher_id: 'المدرس',
        password: 'كلمة المرور',
      },
    },
    'audit-log': {
      name: name('سجل تغيير', 'سجل التغييرات'),
      fields: {
        id: 'الرقم',
        staff_user_name: 'بواسطة',
        action: 'الإجراء',
        resource: 'القسم',
        resource_id: 'رقم العنصر',
        created_at: 'الوقت',
        before: 'قبل',
        after: 'بعد',
        from: 'من تاريخ',
        to: 'إلى تاريخ',
      },
    },
    settings: { name: name('الإعدادات', 'الإعدادات'), fields: {} },
    'header-images': {
      name: name('صور رأس الصفحة الرئيسية', 'صور رأس الصفحة الرئيسية'),
      fields: {
        header_images: 'الصور',
        url: 'رابط الصورة',
        href: 'رابط خارجي عند الضغط',
        to: 'مسار داخلي عند الضغط',
      },
    },
    ...dailyResourcesArabic,
    ...moneyResourcesArabic,
    ...messagesResourcesArabic,
    ...peopleResourcesArabic,
    ...exportsResourcesArabic,
    ...banksResourcesArabic,
    ...progressResourcesArabic,
  },
  dars: {
    counts: countsArabic,
    daily: dailyArabic,
    money: moneyArabic,
    phone: phoneArabic,
    people: peopleArabic,
    students: studentsArabic,
    devices: devicesArabic,
    exports: exportsArabic,
    audit: { fields: auditFieldsArabic, ...auditValuesArabic },
    roles: { admin: 'مدير', leader: 'مشرف', teacher: 'مدرس' },
    pay_type: PAY_TYPE_LABELS,
    kind: { exam: 'امتحان', homework: 'واجب' },
    question_type: { choices: 'اختيار من متعدد', truefalse: 'صواب وخطأ', essay: 'مقالي' },
    exams: examsArabic,
    review: examReviewArabic,
    banks: banksArabic,
    progress: progressArabic,
    admin_only_price: 'تعديل الأسعار متاح للمدير فقط',
    course_teachers_school: 'مدرسو الكورس تحددهم إدارة المنصة',
    own_course_help: 'اختر دورة من دوراتك',
    teacher_terms_admin: 'يحددها المدير فقط',
    course_shares: 'نسب المدرسين في هذه الدورة (٪)',
    course_shares_help: 'اتركها فارغة لتُحسب نسبة المدرس العامة',
    // A teacher's students (ADR 048).
    teacher_students: {
      title: 'طلاب المدرس',
      menu: 'طلابي',
      open: 'الطلاب',
      help: 'الطلاب المنضمون إلى دورات المدرس، بمحاضراتهم وامتحاناتهم فيها فقط.',
      course: 'الدورة',
      download: 'تنزيل ملف Excel',
      empty: 'لا يوجد طلاب في هذه الدورات بعد',
      name: 'الاسم',
      phone: 'الهاتف',
      grade: 'الصف',
      courses: 'الدورات',
      first_joined_at: 'أول انضمام',
      lectures: 'المحاضرات',
      exams_taken: 'الامتحانات',
      average_score: 'متوسط الدرجات',
      last_exam_at: 'آخر امتحان',
      terms: 'الوقت والمحاولات',
      terms_label: 'الوقت والمحاولات: %{name}',
      terms_title: '%{name}: الوقت الخاص والمحاولات الإضافية في امتحاناتي',
    },
    statement: {
      title: 'كشف حساب المدرس',
      open: 'كشف الحساب',
      month: 'الشهر',
      download: 'تنزيل ملف Excel',
      whole_course: 'الدورة كاملة',
      total: 'الإجمالي',
      empty: 'لا مبيعات في هذا الشهر',
      summary: '%{count} عملية بيع بقيمة %{amount}، نصيب المدرس منها %{share}',
      line: '%{count} × بقيمة %{amount} — النسبة %{percent}٪ — النصيب %{share}',
      summary_refunds:
        '%{count} عملية بيع، رُد منها هذا الشهر %{refunds}، فالصافي %{amount} ونصيب المدرس منه %{share}',
      refund: 'مردود — %{method}',
      columns: {
        course: 'الدورة',
        lecture: 'المحاضرة',
        method: 'طريقة الدفع',
        count: 'العدد',
        amount: 'المبلغ',
        percent: 'النسبة',
        share: 'النصيب',
      },
    },
    contents: lectureContentsArabic,
    date: {
      day: 'اليوم',
      month: 'الشهر',
      year: 'السنة',
      hour: 'الساعة',
      minute: 'الدقيقة',
      none: 'بدون',
      clear: 'مسح التاريخ',
      incomplete: 'أكمل التاريخ: اختر يوماً موجوداً في الشهر، والشهر والسنة (والساعة والدقيقة)',
      cairo_day: 'بتوقيت القاهرة',
      cairo_time: 'بتوقيت القاهرة، والساعة من 00 إلى 23',
    },
    header_images: {
      help: 'صور الشريط المتحرك أعلى الصفحة الرئيسية للطلاب، بالترتيب. ارفع الصورة (PNG أو JPEG أو WebP، ويُفضَّل أن تكون عريضة بنسبة 16 إلى 9) وراجع معاينتها، ثم احفظ: لا يراها الطلاب قبل الحفظ.',
      preview: 'معاينة صورة الشريحة',
      no_image: 'لم تُرفع صورة بعد',
      upload: 'رفع صورة',
      replace: 'استبدال الصورة',
      uploading: 'جار رفع الصورة…',
      url_help: 'يُملأ عند رفع الصورة، أو الصق رابط صورة كاملاً',
      // The path isolated left to right, so its slash stays at its start in this right-to-left line.
      to_help: 'مثل \u2066/courses\u2069',
    },
    image: {
      choose: 'اختيار صورة',
      uploading: 'جار رفع الصورة…',
      uploaded: 'تم رفع الصورة',
      none: 'لا توجد صورة',
      save_first: 'احفظ العنصر أولاً ثم أضف الصورة',
    },
    lectures_order: {
      title: 'محاضرات الدورة',
      help: 'اسحب المحاضرة بالمقبض لتغيير ترتيبها، أو ركّز على المقبض واضغط مسافة ثم الأسهم ثم مسافة.',
      saved: 'تم حفظ ترتيب المحاضرات',
      empty: 'لا توجد محاضرات في هذه الدورة بعد',
      add: 'إضافة محاضرة',
      handle: 'سحب المحاضرة %{name}',
      picked: 'تم التقاط المحاضرة %{name}',
      moved: 'المحاضرة %{name} الآن في الموضع %{position}',
      dropped: 'تم وضع المحاضرة %{name} في الموضع %{position}',
      cancelled: 'تم إلغاء السحب',
    },
    settings: {
      title: 'إعدادات التطبيق',
      sections: {
        features: 'المزايا',
        wallet: 'المحفظة',
        app: 'التطبيق والإصدارات',
        contact: 'التواصل',
        social: 'روابط التواصل الاجتماعي',
        school: 'هوية المدرسة',
        parents: 'أولياء الأمور',
        devices: 'أجهزة الطلاب',
      },
      devices_help:
        'اتركه فارغاً أو 0 لعدم التقييد. الجهاز الذي دخل منه الطالب من قبل يدخل دائماً؛ ويحرّر الطالب مكان جهاز بتسجيل خروجه من صفحة حسابه، أو يعيد المدير ضبط أجهزته من صفحة الطالب.',
      parents_help:
        'تُرسل إلى رقم ولي الأمر المسجَّل في صفحة الطالب، بواتساب أو برسالة نصية، ولا تُرسل إلى رقم طلب صاحبه إيقاف الرسائل.',
      school: {
        help: 'اسم مدرستك وشعارها وألوانها كما يراها الطلاب في التطبيق والموقع ولوحة الإدارة والرسائل. تظهر بعد الحفظ عند فتح الصفحة التالية، دون إعادة بناء.',
        preview: 'معاينة شريط التطبيق وزر بألوان المدرسة',
        sample_button: 'اشترك الآن',
        sample_badge: 'جديد',
        sample_link: 'رابط',
        name: 'اسم المدرسة',
        primary_color: 'اللون الأساسي',
        secondary_color: 'اللون الثانوي',
        pick_colour: 'اختيار %{name} من لوحة الألوان',
        colour_help: 'لون بصيغة ‎#RRGGBB، أو اختره من المربع',
        contrast_ok: 'التباين %{ratio}:1، مقروء بوضوح (الحد الأدنى 4.5:1)',
        contrast_low: 'التباين %{ratio}:1 أقل من 4.5:1: لن يُقرأ النص عليه بوضوح ولن يُحفظ',
        logo_light: 'الشعار على خلفية فاتحة',
        logo_dark: 'الشعار على اللون الأساسي أو خلفية داكنة',
        favicon: 'أيقونة المتصفح',
        image_preview: 'معاينة الصورة',
        no_image: 'لم تُرفع صورة بعد',
        upload: 'رفع صورة',
        replace: 'استبدال الصورة',
        uploading: 'جار رفع الصورة…',
        remove: 'إزالة',
        footer_text: 'نص أسفل الصفحة (العنوان أو الترخيص مثلاً)',
        legal_links: 'روابط قانونية (حتى 5)',
        link_label: 'العنوان',
        link_url: 'الرابط',
      },
      fields: {
        enable_wp: 'تفعيل واتساب',
        enable_gen_exm: 'تفعيل الامتحانات العامة',
        enable_wallet_system: 'تفعيل المحفظة',
        enable_wallet_transfers: 'تفعيل التحويل بين الطلاب',
        transfer_fees: 'رسوم التحويل (جنيه)',
        teachers_page: 'إظهار صفحة المدرسين',
        email_verification: 'طلب تأكيد البريد الإلكتروني',
        general_announcement: 'الإعلان العام',
        home_mode: 'شكل الصفحة الرئيسية',
        appIsDown: 'وضع الصيانة (إيقاف التطبيق للطلاب)',
        play_store_url: 'رابط متجر جوجل بلاي',
        apple_store_url: 'رابط متجر آبل',
        desktop_app_url: 'رابط تطبيق الكمبيوتر',
        stable_version: 'الإصدار المستقر (الويب)',
        android_stable_version: 'الإصدار المستقر (أندرويد)',
        ios_stable_version: 'الإصدار المستقر (آيفون)',
        contact_phone: 'هاتف التواصل',
        contact_email: 'بريد التواصل',
        min_recharge_amount: 'أقل مبلغ للشحن (جنيه)',
        supported_methods: 'طرق الشحن المتاحة',
        mobile_wallet_number: 'رقم المحفظة الإلكترونية',
        crisp_website_id: 'معرّف موقع Crisp للدردشة',
        max_devices_per_student: 'عدد الأجهزة المسموح بها لكل طالب',
        parent_exam_results: 'إرسال نتيجة كل امتحان لولي الأمر',
        parent_weekly_summary: 'ملخص أسبوعي لولي الأمر',
      },
      home_mode: { default: 'الافتراضي', classic: 'الكلاسيكي' },
      social: {
        youtube: 'يوتيوب',
        facebook: 'فيسبوك',
        linkedin: 'لينكدإن',
        telegram: 'تيليجرام',
        messenger: 'ماسنجر',
        twitter: 'تويتر',
        tiktok: 'تيك توك',
        whatsapp: 'واتساب',
      },
      methods: {
        recharge_card: 'كارت شحن',
        mobile_wallets: 'محفظة إلكترونية (تحويل يدوي)',
        paymob_card: 'بطاقة بنكية (Paymob)',
        paymob_wallet: 'محفظة إلكترونية (Paymob)',
        paymob_kiosk: 'أمان ومصاري (Paymob)',
        paymob_installment: 'تقسيط (Paymob)',
        fawry: 'فوري',
        fawry_staging: 'فوري (بيئة تجريبية)',
        kashier: 'كاشير',
      },
    },
    menu: { title: 'القائمة', settings: 'الإعدادات', header_images: 'صور الصفحة الرئيسية' },
    dashboard: {
      welcome: 'أهلاً بك في لوحة إدارة %{name}',
      hint: 'اختر من القائمة ما تريد إدارته.',
      teacher: {
        courses: 'دوراتي',
        marking: 'إجابات تنتظر التصحيح',
        share: 'نصيبي هذا الشهر',
      },
    },
  },
};

/** Both catalogues in one: react-admin's keys and the console's. */
export const arabicMessages = { ...raArabic, ...consoleArabic };

const polyglot = polyglotI18nProvider(() => arabicMessages, 'ar', [
  { locale: 'ar', name: 'العربية' },
]);

/** Keys that carry a record's number («الدفعة 1234»): a name, not a quantity. */
const IDS = /(^|_)id$/;

/**
 * The numbers a text carries in the console's one style (ADR 035): «1-10 من 1,234», like every
 * other count. `smart_count` stays a number, as Polyglot picks the plural form by it, and ids
 * stay as written.
 */
function withNumbers(options: Record<string, unknown> | undefined) {
  if (!options) return options;
  return Object.fromEntries(
    Object.entries(options).map(([k, v]) => [
      k,
      typeof v === 'number' && k !== 'smart_count' && !IDS.test(k) ? formatNumber(v) : v,
    ]),
  );
}

/** A record's page title: «امتحان الكهرباء», not «امتحان امتحان الكهرباء» (ra.page.edit/show). */
const RECORD_TITLES = new Set(['ra.page.edit', 'ra.page.show']);

function recordTitle(options: Record<string, unknown> | undefined): string | undefined {
  const name = options?.name;
  const record = options?.recordRepresentation;
  if (typeof name !== 'string' || typeof record !== 'string' || !name) return undefined;
  return record === name || record.startsWith(`${name} `) ? record : undefined;
}

/** Arabic only: the console has no language switch. */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key, options) =>
    (RECORD_TITLES.has(key) ? recordTitle(options) : undefined) ??
    polyglot.translate(key, withNumbers(options)),
};
