import { name } from './resource-name';

/**
 * The text messages' screens (issue 28, ADR 053): the messages to parents and students by
 * WhatsApp and SMS, a message to parents, and the numbers that asked for none. Resource names
 * and field labels merge into `resources`; the screens' own texts sit under `dars.phone`.
 */

export const messagesResourcesArabic = {
  'phone-messages': {
    name: name('رسالة واتساب أو نصية', 'رسائل أولياء الأمور'),
    fields: {
      id: 'الرقم',
      q: 'بحث بالرقم أو اسم الطالب أو نص الرسالة',
      phone: 'إلى رقم',
      recipient: 'لمن',
      'student.name': 'الطالب',
      channel: 'القناة',
      template: 'النوع',
      body: 'نص الرسالة',
      state: 'الحالة',
      attempts: 'المحاولات',
      error: 'السبب',
      created_at: 'الوقت',
    },
  },
  'phone-opt-outs': {
    name: name('رقم أوقف الرسائل', 'أرقام أوقفت الرسائل'),
    fields: {
      id: 'الرقم',
      q: 'بحث برقم الهاتف',
      phone: 'رقم الهاتف',
      reason: 'السبب (اختياري)',
      created_by: 'أضافه',
      created_at: 'تاريخ الإضافة',
    },
  },
};

export const phoneArabic = {
  state: {
    queued: 'في الانتظار',
    sent: 'أُرسلت',
    delivered: 'وصلت',
    failed: 'لم تصل',
  },
  channel: { whatsapp: 'واتساب', sms: 'رسالة نصية' },
  recipient: { parent: 'ولي الأمر', student: 'الطالب' },
  template: {
    exam_result: 'نتيجة امتحان',
    weekly_summary: 'ملخص أسبوعي',
    staff_message: 'رسالة من الإدارة',
    student_invitation: 'رابط تعيين كلمة المرور',
  },
  retry: 'إعادة الإرسال',
  retry_of: 'إعادة إرسال الرسالة %{id}',
  retrying: 'جار الإرسال…',
  retried: 'أُعيدت الرسالة إلى قائمة الإرسال',
  send: {
    title: 'رسالة إلى أولياء الأمور',
    help: 'تصل إلى رقم ولي الأمر المسجَّل في صفحة كل طالب، بواتساب أو برسالة نصية. لا تُرسل إلى رقم طلب صاحبه إيقاف الرسائل، ويظهر كل ذلك في قائمة الرسائل.',
    audience: 'إلى أولياء أمور',
    audiences: { student: 'طالب واحد', grade: 'صف دراسي', course: 'طلاب دورة' },
    student_id: 'الطالب',
    grade_id: 'الصف الدراسي',
    course_id: 'الدورة',
    channel: 'طريقة الإرسال',
    channels: { default: 'الافتراضية للمدرسة', whatsapp: 'واتساب', sms: 'رسالة نصية' },
    content: 'نص الرسالة',
    content_help: 'يبدأ باسم المدرسة تلقائيًا. الرسالة النصية العربية 70 حرفًا للجزء الواحد.',
    submit: 'إرسال',
    done: 'رسائل في طريقها: %{queued} — أرقام أوقفت الرسائل: %{opted_out} — طلاب بلا رقم ولي أمر: %{without_phone}',
    admin_only: 'الرسائل إلى أولياء الأمور للمدير فقط',
  },
  opt_out: {
    add: 'إيقاف الرسائل إلى رقم',
    remove: 'السماح بالرسائل',
    remove_of: 'السماح بالرسائل إلى %{phone}',
    removed: 'ستصل الرسائل إلى هذا الرقم مرة أخرى',
    help: 'رقم طلب صاحبه ألا تصله رسائل المدرسة: لا يُرسل إليه شيء، وتظهر كل رسالة إليه «لم تصل» مع السبب.',
  },
};
