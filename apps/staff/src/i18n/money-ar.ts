import {
  PAYMENT_ORDER_STATUS_LABELS,
  PAYMENT_PROVIDER_LABELS,
  RECHARGE_METHOD_LABELS,
} from '@dars/contract';
import { name } from './resource-name';

/**
 * The money screens' texts (issue 13, ADR 030): pay-card batches, gateway orders, dashboard.
 * Resource names and field labels merge into `resources`, the screens' own texts sit under
 * `dars.money`. Counts carry Polyglot's six Arabic forms (0, 1, 2, 3–10, 11–99, 100+).
 */

export const moneyResourcesArabic = {
  'paycard-batches': {
    name: name('دفعة بطاقات', 'بطاقات الدفع'),
    fields: {
      id: 'الدفعة',
      value: 'قيمة البطاقة (جنيه)',
      count: 'عدد البطاقات',
      used: 'الاستخدام',
      course: 'مخصصة لـ',
      course_id: 'الدورة (اختياري)',
      lecture_id: 'المحاضرة (اختياري)',
      expires_at: 'تنتهي صلاحيتها في (اختياري)',
      'created_by.name': 'أصدرها',
      created_at: 'تاريخ الإصدار',
    },
  },
  'payment-orders': {
    name: name('طلب دفع إلكتروني', 'المدفوعات الإلكترونية'),
    fields: {
      id: 'رقم الطلب',
      q: 'بحث برقم الطلب أو الطالب',
      'student.name': 'الطالب',
      provider: 'مزود الدفع',
      method: 'طريقة الدفع',
      amount: 'المبلغ',
      status: 'الحالة',
      created_at: 'تاريخ الطلب',
      paid_at: 'تاريخ الدفع',
    },
  },
};

export const moneyArabic = {
  paycards: {
    issue: 'إصدار دفعة بطاقات',
    counts: 'مستخدمة %{used} — متاحة %{unused} — موقوفة %{disabled}',
    disable: 'إيقاف البطاقات غير المستخدمة',
    disable_title: 'إيقاف بطاقات الدفعة %{id}',
    disable_body:
      'لن تعمل أي بطاقة غير مستخدمة من هذه الدفعة بعد الآن |||| لن تعمل البطاقة الوحيدة غير المستخدمة من هذه الدفعة بعد الآن |||| لن تعمل البطاقتان غير المستخدمتين من هذه الدفعة بعد الآن |||| لن تعمل %{smart_count} بطاقات غير مستخدمة من هذه الدفعة بعد الآن |||| لن تعمل %{smart_count} بطاقة غير مستخدمة من هذه الدفعة بعد الآن |||| لن تعمل %{smart_count} بطاقة غير مستخدمة من هذه الدفعة بعد الآن',
    disabled_done: 'تم إيقاف البطاقات غير المستخدمة',
    issued_title:
      'لم تصدر أي بطاقة |||| تم إصدار بطاقة واحدة |||| تم إصدار بطاقتين |||| تم إصدار %{smart_count} بطاقات |||| تم إصدار %{smart_count} بطاقة |||| تم إصدار %{smart_count} بطاقة',
    once: 'هذه الأكواد تظهر الآن فقط ولا يمكن عرضها مرة أخرى: نزّل الملف أو اطبع البطاقات قبل مغادرة الصفحة.',
    csv: 'تنزيل الأكواد (ملف جدول)',
    print: 'طباعة البطاقات',
    another: 'إصدار دفعة أخرى',
    to_list: 'قائمة الدفعات',
    codes_table: 'أكواد البطاقات',
    code: 'الكود',
    card_title: 'بطاقة دفع %{name}',
    card_expires: 'صالحة حتى %{date}',
    card_no_expiry: 'بدون تاريخ انتهاء',
    // Printed on each card: where in the student app the code goes (wallet/recharge-card and
    // the purchase dialog's «بطاقة الدفع», apps/web).
    how_to_any:
      'للاستخدام: في تطبيق %{name} افتح المحفظة ثم «شحن الرصيد» واختر «كارت شحن»، أو اختر «بطاقة الدفع» عند شراء دورة أو محاضرة، واكتب الكود.',
    how_to_target:
      'للاستخدام: في تطبيق %{name} افتح %{target} واختر «بطاقة الدفع» عند الشراء، واكتب الكود.',
    // The list's column and card line (the form's label says the field is optional).
    expires: 'تنتهي صلاحيتها في',
    expired: 'انتهت صلاحيتها',
  },
  orders: {
    recheck: 'إعادة التحقق',
    rechecking: 'جارٍ التحقق…',
    recheck_of: 'إعادة التحقق من الطلب %{id}',
    // The codes' words come from the catalogue the exports write too (ADR 034).
    status: PAYMENT_ORDER_STATUS_LABELS,
    provider: PAYMENT_PROVIDER_LABELS,
    method: RECHARGE_METHOD_LABELS,
  },
  dashboard: {
    title: 'نظرة عامة',
    loading: 'جارٍ تحميل الأرقام…',
    from: 'من يوم',
    to: 'إلى يوم',
    picker: { day: 'اليوم', month: 'الشهر', year: 'السنة' },
    presets: 'فترات جاهزة',
    last_days:
      'آخر %{smart_count} يوم |||| آخر يوم |||| آخر يومين |||| آخر %{smart_count} أيام |||| آخر %{smart_count} يوماً |||| آخر %{smart_count} يوم',
    this_month: 'هذا الشهر',
    last_month: 'الشهر الماضي',
    compared_with: 'كل رقم مقارن بالفترة السابقة بالطول نفسه: من %{from} إلى %{to}.',
    change: {
      up: 'زيادة %{percent}٪ عن الفترة السابقة (%{previous})',
      down: 'نقص %{percent}٪ عن الفترة السابقة (%{previous})',
      same: 'مثل الفترة السابقة (%{previous})',
      from_nothing: 'لا شيء في الفترة السابقة',
    },
    new_students: 'طلاب جدد',
    new_students_teacher: 'طلاب جدد في دوراتي',
    enrolments: 'اشتراكات في دورات',
    sales: 'مبيعات (دورات ومحاضرات)',
    revenue: 'الإيرادات',
    admin_only: 'للمدير فقط',
    refunds: 'رُد منها %{refunds} بقيمة %{amount} (نقدًا %{cash})',
    recharges_pending: 'طلبات شحن تنتظر المراجعة',
    pending_amount: 'بقيمة %{amount}',
    review: 'مراجعة الطلبات',
    exams_average: 'متوسط درجات الامتحانات',
    no_average: 'لا درجات بعد',
    exams_marked: 'أُدّي %{taken}، وصُحّح منها %{marked}',
    no_exams: 'لم يُؤدَّ أي امتحان في هذه الفترة',
    awaiting_marking: '%{exams} بانتظار التصحيح (خارج المتوسط)',
    previous_average: 'الفترة السابقة: %{score}٪',
    previous_no_average: 'الفترة السابقة: لا درجات',
    people_chart: 'الطلاب الجدد والاشتراكات يوماً بيوم',
    busiest_enrolments: 'أكثر الأيام اشتراكاً: %{day} (%{count})',
    revenue_by_day: 'الإيرادات يوماً بيوم',
    busiest_revenue: 'أعلى يوم إيراداً: %{day} (%{amount})',
    revenue_by_method: 'الإيرادات حسب طريقة الدفع',
    revenue_method: { cash: 'نقدًا في المركز' },
    no_revenue: 'لا إيرادات في هذه الفترة',
    sales_chart: 'المبيعات حسب طريقة الدفع',
    sale_method: 'طريقة الدفع',
    sales_count: 'عدد المبيعات',
    sales_amount: 'قيمة المبيعات',
    amount: 'المبلغ',
    total: 'المجموع',
    sale_by: {
      wallet: 'من المحفظة',
      paycard: 'كارت دفع',
      cash: 'نقدًا في المركز',
      free: 'مجاناً',
      grant: 'منحة بدون دفع',
    },
    by_course: 'المبيعات المدفوعة حسب الدورة',
    by_teacher: 'المبيعات المدفوعة حسب المدرس',
    course: 'الدورة',
    teacher: 'المدرس',
    no_teacher: 'بدون مدرس',
    no_paid_sales: 'لا مبيعات مدفوعة في هذه الفترة',
    show_all: 'عرض الكل (%{count})',
    show_fewer: 'عرض الأعلى فقط',
  },
};

/** Counted nouns for `pluralize` (@dars/ui): 1, 2, 3–10 and above. */
export const dashboardPlurals = {
  exam: { one: 'امتحان واحد', two: 'امتحانان', few: 'امتحانات', many: 'امتحان' },
  operation: { one: 'عملية واحدة', two: 'عمليتان', few: 'عمليات', many: 'عملية' },
} as const;
