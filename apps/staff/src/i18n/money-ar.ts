/**
 * The money screens' texts (issue 13, ADR 030): pay-card batches, gateway orders, dashboard.
 * Resource names and field labels merge into `resources`, the screens' own texts sit under
 * `dars.money`. Counts carry Polyglot's six Arabic forms (0, 1, 2, 3–10, 11–99, 100+).
 */

/** A resource's name for Polyglot's six Arabic forms (see ar.ts). */
function name(singular: string, plural: string): string {
  return [plural, singular, plural, plural, plural, plural].join(' |||| ');
}

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
    card_title: 'بطاقة دفع دَرس',
    card_expires: 'صالحة حتى %{date}',
    card_no_expiry: 'بدون تاريخ انتهاء',
    // Printed on each card: where in the student app the code goes (wallet/recharge-card and
    // the purchase dialog's «بطاقة الدفع», apps/web).
    how_to_any:
      'للاستخدام: في تطبيق دَرس افتح المحفظة ثم «شحن الرصيد» واختر «كارت شحن»، أو اختر «بطاقة الدفع» عند شراء دورة أو محاضرة، واكتب الكود.',
    how_to_target:
      'للاستخدام: في تطبيق دَرس افتح %{target} واختر «بطاقة الدفع» عند الشراء، واكتب الكود.',
    // The list's column and card line (the form's label says the field is optional).
    expires: 'تنتهي صلاحيتها في',
    expired: 'انتهت صلاحيتها',
  },
  orders: {
    recheck: 'إعادة التحقق',
    rechecking: 'جارٍ التحقق…',
    recheck_of: 'إعادة التحقق من الطلب %{id}',
    status: { pending: 'معلق', paid: 'مدفوع', failed: 'لم يكتمل' },
    provider: {
      paymob: 'باي موب',
      fawry: 'فوري',
      'fawry-staging': 'فوري (تجريبي)',
      kashier: 'كاشير',
      sandbox: 'البوابة التجريبية',
    },
    method: {
      recharge_card: 'كروت الشحن',
      mobile_wallets: 'تحويل المحافظ (مراجعة)',
      paymob_card: 'بطاقة بنكية',
      paymob_wallet: 'محفظة إلكترونية',
      paymob_kiosk: 'منافذ الدفع',
      paymob_installment: 'التقسيط',
      fawry: 'فوري',
      fawry_staging: 'فوري (تجريبي)',
      kashier: 'كاشير',
    },
  },
  dashboard: {
    title: 'نظرة عامة',
    loading: 'جارٍ تحميل الأرقام…',
    from: 'من يوم',
    to: 'إلى يوم',
    last_days:
      'آخر %{smart_count} يوم |||| آخر يوم |||| آخر يومين |||| آخر %{smart_count} أيام |||| آخر %{smart_count} يوماً |||| آخر %{smart_count} يوم',
    new_students: 'طلاب جدد',
    new_students_chart: 'الطلاب الجدد يوماً بيوم',
    revenue: 'الإيرادات',
    revenue_by_day: 'الإيرادات يوماً بيوم',
    revenue_by_method: 'الإيرادات حسب طريقة الدفع',
    no_revenue: 'لا إيرادات في هذه الفترة',
    admin_only: 'للمدير فقط',
    recharges_pending: 'طلبات شحن تنتظر المراجعة',
    review: 'مراجعة الطلبات',
    exams_taken: 'امتحانات أُدّيت',
    average: 'متوسط الدرجات %{score}٪',
    no_average: 'لا درجات بعد',
    operations:
      '%{smart_count} عملية |||| عملية واحدة |||| عمليتان |||| %{smart_count} عمليات |||| %{smart_count} عملية |||| %{smart_count} عملية',
  },
};
