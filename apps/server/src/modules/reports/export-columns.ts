import {
  codeLabel,
  EXAM_OUTCOME_LABELS,
  ITEM_FLAG_LABELS,
  PAY_BY_LABELS,
  PAY_TYPE_LABELS,
  PAYMENT_ORDER_STATUS_LABELS,
  PAYMENT_PROVIDER_LABELS,
  QUESTION_TYPE_LABELS,
  RECHARGE_METHOD_LABELS,
  STUDENT_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  YES_NO_LABELS,
  type StaffCourse,
  type StaffExamSession,
  type StaffItemAnalysis,
  type StaffPaymentOrder,
  type StaffPurchase,
  type StaffStudent,
  type StaffTransaction,
} from '@dars/contract';
import { keepDigits } from '@dars/ui/csv';
import { formatSheetDateTime as time } from '@dars/ui/format';
import type { CsvColumn } from '../../lib/csv-export';

// The columns of each export (issue 23, ADR 034): Arabic headers, the catalogue's words for
// codes (what the console shows), Cairo times, amounts in pounds as numbers, phones and
// long ids kept as text. Each export reads its list's rows, so the two never disagree.

const yesNo = (flag: boolean) => (flag ? YES_NO_LABELS.yes : YES_NO_LABELS.no);

export const STUDENT_COLUMNS: readonly CsvColumn<StaffStudent>[] = [
  { header: 'الرقم', value: (r) => r.id },
  { header: 'الاسم', value: (r) => r.name },
  { header: 'البريد الإلكتروني', value: (r) => r.email },
  { header: 'الهاتف', value: (r) => keepDigits(r.phone) },
  { header: 'الصف الدراسي', value: (r) => r.grade?.name ?? null },
  // The centre and the parent: an import reads them back (ADR 052).
  { header: 'السنتر', value: (r) => r.center_name },
  { header: 'هاتف ولي الأمر', value: (r) => (r.parent_phone ? keepDigits(r.parent_phone) : null) },
  { header: 'بريد ولي الأمر', value: (r) => r.parent_email },
  { header: 'الرصيد (جنيه)', value: (r) => r.balance },
  { header: 'عنوان المحفظة', value: (r) => r.wallet_address },
  { header: 'البريد مؤكد', value: (r) => yesNo(r.email_verified) },
  {
    header: 'الحالة',
    value: (r) => STUDENT_STATUS_LABELS[r.blocked ? 'blocked' : 'active'],
  },
  { header: 'تاريخ الإيقاف', value: (r) => time(r.blocked_at) },
  { header: 'سبب الإيقاف', value: (r) => r.blocked_reason },
  { header: 'تاريخ التسجيل', value: (r) => time(r.created_at) },
];

export const COURSE_COLUMNS: readonly CsvColumn<StaffCourse>[] = [
  { header: 'الرقم', value: (r) => r.id },
  { header: 'الاسم', value: (r) => r.name },
  { header: 'طريقة الشراء', value: (r) => codeLabel(PAY_TYPE_LABELS, r.pay_type) },
  { header: 'السعر (جنيه)', value: (r) => r.price },
  { header: 'منشورة', value: (r) => yesNo(r.published) },
  { header: 'مميزة', value: (r) => yesNo(r.featured) },
  { header: 'عدد المحاضرات', value: (r) => r.lectures_count },
  { header: 'عدد الطلاب', value: (r) => r.users_count },
  { header: 'الحد الأقصى للطلاب', value: (r) => r.users_limit },
  { header: 'تاريخ الإضافة', value: (r) => time(r.created_at) },
];

export const PURCHASE_COLUMNS: readonly CsvColumn<StaffPurchase>[] = [
  { header: 'الرقم', value: (r) => r.id },
  { header: 'رقم الطالب', value: (r) => r.student.id },
  { header: 'اسم الطالب', value: (r) => r.student.name },
  { header: 'هاتف الطالب', value: (r) => keepDigits(r.student.phone) },
  { header: 'الدورة', value: (r) => r.course.name },
  { header: 'المحاضرة', value: (r) => r.lecture.name },
  { header: 'المدفوع (جنيه)', value: (r) => r.price_paid },
  { header: 'طريقة الدفع', value: (r) => codeLabel(PAY_BY_LABELS, r.pay_by) },
  { header: 'منحها', value: (r) => r.granted_by },
  { header: 'تاريخ الشراء', value: (r) => time(r.created_at) },
  { header: 'تنتهي في', value: (r) => time(r.expires_at) },
];

export const PAYMENT_ORDER_COLUMNS: readonly CsvColumn<StaffPaymentOrder>[] = [
  { header: 'رقم الطلب', value: (r) => keepDigits(r.id) },
  { header: 'رقم الطالب', value: (r) => r.student.id },
  { header: 'اسم الطالب', value: (r) => r.student.name },
  { header: 'هاتف الطالب', value: (r) => keepDigits(r.student.phone) },
  { header: 'طريقة الدفع', value: (r) => codeLabel(RECHARGE_METHOD_LABELS, r.method) },
  { header: 'مزود الدفع', value: (r) => codeLabel(PAYMENT_PROVIDER_LABELS, r.provider) },
  { header: 'المبلغ (جنيه)', value: (r) => r.amount },
  { header: 'الحالة', value: (r) => codeLabel(PAYMENT_ORDER_STATUS_LABELS, r.status) },
  { header: 'رقم الطلب لدى المزود', value: (r) => keepDigits(r.provider_order_id) },
  { header: 'مرجع المزود', value: (r) => keepDigits(r.provider_reference) },
  { header: 'رقم عملية المحفظة', value: (r) => keepDigits(r.transaction_serial) },
  { header: 'تاريخ الطلب', value: (r) => time(r.created_at) },
  { header: 'تاريخ الدفع', value: (r) => time(r.paid_at) },
];

export const TRANSACTION_COLUMNS: readonly CsvColumn<StaffTransaction>[] = [
  { header: 'رقم العملية', value: (r) => keepDigits(r.serial) },
  { header: 'رقم الطالب', value: (r) => r.student.id },
  { header: 'اسم الطالب', value: (r) => r.student.name },
  { header: 'هاتف الطالب', value: (r) => keepDigits(r.student.phone) },
  { header: 'النوع', value: (r) => codeLabel(TRANSACTION_TYPE_LABELS, r.type) },
  { header: 'القيمة (جنيه)', value: (r) => r.value },
  { header: 'الرصيد بعدها (جنيه)', value: (r) => r.balance_after },
  { header: 'الدورة', value: (r) => r.course?.name ?? null },
  { header: 'المحاضرة', value: (r) => r.lecture?.name ?? null },
  { header: 'ملاحظة', value: (r) => r.comment },
  { header: 'الوقت', value: (r) => time(r.created_at) },
];

export const EXAM_RESULT_COLUMNS: readonly CsvColumn<StaffExamSession>[] = [
  { header: 'رقم الجلسة', value: (r) => r.id },
  { header: 'رقم الطالب', value: (r) => r.student.id },
  { header: 'اسم الطالب', value: (r) => r.student.name },
  { header: 'الهاتف', value: (r) => keepDigits(r.student.phone) },
  { header: 'البداية', value: (r) => time(r.started_at) },
  { header: 'التسليم', value: (r) => time(r.finished_at) },
  { header: 'الدرجة', value: (r) => r.correction_mark },
  { header: 'الدرجة الكلية', value: (r) => r.total_mark },
  { header: 'النسبة المئوية', value: (r) => r.percentage },
  {
    header: 'النتيجة',
    // Empty while an essay waits for marks («مصحح بالكامل» says «لا»).
    value: (r) =>
      r.succeeded === null ? null : EXAM_OUTCOME_LABELS[r.succeeded ? 'passed' : 'failed'],
  },
  { header: 'مصحح بالكامل', value: (r) => yesNo(r.corrected) },
  // The integrity record in numbers (ADR 044).
  { header: 'مرات مغادرة صفحة الامتحان', value: (r) => r.integrity.away },
  { header: 'فتح من جهاز آخر', value: (r) => r.integrity.other_devices },
  { header: 'فتح من عنوان آخر', value: (r) => r.integrity.other_addresses },
  // Which attempt, and whether its result is the one that counts (ADR 047).
  { header: 'المحاولة', value: (r) => r.attempt },
  { header: 'المحاولة المحتسبة', value: (r) => yesNo(r.counts) },
];

type ItemRow = StaffItemAnalysis['questions'][number];

/** The item analysis (ADR 043), a question a row, the options' picks in one cell. */
export const ITEM_ANALYSIS_COLUMNS: readonly CsvColumn<ItemRow & { n: number }>[] = [
  { header: 'السؤال', value: (r) => r.n },
  { header: 'نص السؤال', value: (r) => r.text },
  { header: 'النوع', value: (r) => codeLabel(QUESTION_TYPE_LABELS, r.type) },
  { header: 'الدرجة', value: (r) => r.mark },
  { header: 'أجابوا', value: (r) => r.answered },
  { header: 'نسبة الصواب %', value: (r) => r.facility },
  { header: 'التمييز', value: (r) => r.discrimination },
  {
    header: 'اختيار الإجابات',
    value: (r) => r.options.map((o) => `${o.correct ? '✓ ' : ''}${o.text}: ${o.picks}`).join(' | '),
  },
  {
    header: 'تنبيهات',
    value: (r) => r.flags.map((f) => ITEM_FLAG_LABELS[f]).join(' | '),
  },
];
