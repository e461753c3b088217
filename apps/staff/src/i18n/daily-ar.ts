import { EXAM_OUTCOME_LABELS } from '@dars/contract';
import { name } from './resource-name';

/**
 * The daily-work screens' texts (issue 13, ADR 031): support inbox, recharge review, marking,
 * exam sessions. Resource names and field labels merge into `resources`, the screens' own
 * texts sit under `dars.daily`.
 */

const student = { 'student.name': 'الطالب', 'student.phone': 'هاتف الطالب' };

export const dailyResourcesArabic = {
  'support-tickets': {
    name: name('طلب دعم', 'طلبات الدعم'),
    fields: {
      id: 'الرقم',
      q: 'بحث',
      title: 'العنوان',
      content: 'الرسالة',
      status: 'الحالة',
      kind: 'المرسل',
      name: 'الاسم',
      email: 'البريد الإلكتروني',
      phone: 'الهاتف',
      platform: 'المنصة',
      replies_count: 'عدد الردود',
      last_reply_at: 'آخر رد',
      created_at: 'تاريخ الإرسال',
      closed_at: 'تاريخ الإغلاق',
      course: 'الدورة',
      course_id: 'الدورة',
    },
  },
  'mobile-payments': {
    name: name('طلب شحن', 'طلبات الشحن'),
    fields: {
      ...student,
      id: 'الرقم',
      q: 'بحث',
      amount: 'المبلغ',
      payer_number: 'رقم المحوِّل',
      message: 'رسالة الطالب',
      status: 'الحالة',
      reject_reason: 'سبب الرفض',
      approved_amount: 'المبلغ المقبول',
      review_note: 'ملاحظة المراجعة',
      'reviewed_by.name': 'راجعه',
      reviewed_at: 'وقت المراجعة',
      created_at: 'تاريخ الطلب',
    },
  },
  marking: {
    name: name('إجابة للتصحيح', 'التصحيح'),
    fields: {
      ...student,
      q: 'اسم الطالب',
      exam_id: 'الامتحان',
    },
  },
  'exam-sessions': {
    name: name('جلسة امتحان', 'نتائج الامتحانات'),
    fields: {
      ...student,
      id: 'الرقم',
      q: 'اسم الطالب أو هاتفه',
      exam_id: 'الامتحان',
      'exam.name': 'الامتحان',
      state: 'الحالة',
      started_at: 'البداية',
      finished_at: 'التسليم',
      correction_mark: 'الدرجة',
      percentage: 'النسبة',
      succeeded: 'النتيجة',
      corrected: 'مصحح بالكامل',
      flagged: 'سجل المراقبة',
      integrity: 'سجل المراقبة',
      attempt: 'المحاولة',
      counting: 'المحاولة المحتسبة',
    },
  },
};

export const dailyArabic = {
  support: {
    status: { open: 'مفتوح', answered: 'تم الرد', closed: 'مغلق' },
    kind: { student: 'طالب', guest: 'زائر' },
    about_course: 'بخصوص دورة: %{course}',
    /** Who wrote a message of the thread (ADR 039). */
    author: {
      staff: '%{name} (فريق الدعم)',
      student: '%{name} (الطالب)',
      guest: '%{name} (الزائر)',
    },
    reference: 'رقم الطلب',
    thread: 'المحادثة',
    from: 'من %{name}',
    guest_note:
      'الزائر ليس له حساب: يصله الرد بالبريد الإلكتروني على %{email} مع رابط يتابع منه المحادثة',
    student_note: 'يصل الرد للطالب في الإشعارات وفي «رسائلي»',
    no_replies: 'لم يُرد على هذا الطلب بعد',
    reply_label: 'ردك',
    send: 'إرسال الرد',
    send_close: 'إرسال وإغلاق الطلب',
    sent: 'تم إرسال الرد',
    emailed: 'أُرسل بالبريد إلى %{email}',
    close: 'إغلاق الطلب',
    reopen: 'إعادة فتح الطلب',
    closed: 'تم إغلاق الطلب',
    reopened: 'تمت إعادة فتح الطلب',
    closed_by: 'أغلقه %{name} في %{time}',
    back: 'العودة إلى طلبات الدعم',
  },
  payments: {
    status: { pending: 'قيد المراجعة', approved: 'مقبول', rejected: 'مرفوض' },
    receipt: 'صورة إيصال التحويل',
    receipt_loading: 'جار تحميل صورة الإيصال…',
    receipt_failed: 'تعذر تحميل صورة الإيصال',
    no_message: 'لا توجد رسالة',
    approve: 'قبول وإضافة الرصيد',
    approved: 'تم قبول الطلب وإضافة الرصيد',
    reject: 'رفض الطلب',
    reject_reason: 'سبب الرفض (يصل للطالب)',
    rejected: 'تم رفض الطلب',
    decided: 'تمت مراجعة هذا الطلب',
    back: 'العودة إلى طلبات الشحن',
    approved_other: 'قُبل %{approved} من %{claimed}',
  },
  approval: {
    title: 'قبول طلب شحن %{name}',
    body: 'طلب %{name} شحن %{claimed}. يُضاف المبلغ المقبول إلى محفظته فوراً ولا يمكن التراجع عنه.',
    amount: 'المبلغ المقبول (جنيه)',
    amount_help_leader:
      'اكتب المبلغ الظاهر في الإيصال إن كان أقل من المطلوب؛ قبول مبلغ أكبر من المطلوب للمدير فقط',
    amount_help_admin: 'اكتب المبلغ الظاهر في الإيصال إن كان مختلفاً عن المطلوب',
    note: 'ملاحظة (اختيارية)',
    note_needed: 'ملاحظة (مطلوبة لأن المبلغ مختلف عن المطلوب)',
    note_help: 'تظهر للطالب مع العملية في محفظته',
    confirm: 'قبول وإضافة %{amount}',
    bad_amount: 'أدخل مبلغاً أكبر من الصفر برقمين عشريين على الأكثر',
    note_required: 'اكتب ملاحظة تشرح سبب اختلاف المبلغ عن المطلوب',
    above_claim: 'قبول مبلغ أكبر مما طلبه الطالب متاح للمدير فقط',
  },
  marking: {
    empty: 'لا توجد إجابات تنتظر التصحيح',
    question: 'السؤال',
    answer: 'إجابة الطالب',
    no_text: 'لم يكتب الطالب نصاً',
    image: 'صورة إجابة %{name}',
    question_image: 'صورة السؤال',
    out_of: 'من %{mark}',
    mark: 'الدرجة (من 0 إلى %{mark})',
    comment: 'تعليق للطالب (اختياري)',
    save: 'حفظ الدرجة',
    saved: 'تم حفظ الدرجة',
    result: 'نتيجة الطالب الآن: %{mark} من %{total}',
    result_pending: 'ما زالت في الامتحان إجابات تنتظر التصحيح',
    passed: 'ناجح',
    failed: 'راسب',
    submitted: 'سُلّم في %{time}',
    answer_mark: 'درجة هذه الإجابة: %{mark} من %{total}',
  },
  sessions: {
    state: { running: 'لم يُسلَّم بعد', finished: 'سُلّم' },
    // passed, failed: the words the results file writes (ADR 034).
    ...EXAM_OUTCOME_LABELS,
    export: 'تنزيل النتائج (CSV)',
    export_hint: 'اختر امتحاناً أولاً لتنزيل نتائجه',
    exported: 'تم تنزيل ملف النتائج',
    // ADR 047: several attempts per student.
    counts: 'المحتسبة',
    counting_only: 'المحاولة المحتسبة فقط',
    attempt_line: 'المحاولة %{n}',
  },
};
