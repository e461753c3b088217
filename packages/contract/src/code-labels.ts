import type { RechargeMethod } from './entities/settings';
import type { TransactionType } from './entities/wallet';

/**
 * The Arabic words for the codes the API stores (ADR 034): one catalogue that the staff
 * console shows in its lists and the server writes into exports, so a school's spreadsheet
 * says what the screen says. A code missing here is written as it is (`codeLabel`).
 */

/** How a student recharged or paid (the wallet's recharge methods). */
export const RECHARGE_METHOD_LABELS: Readonly<Record<RechargeMethod, string>> = {
  recharge_card: 'كروت الشحن',
  mobile_wallets: 'تحويل المحافظ (مراجعة)',
  paymob_card: 'بطاقة بنكية',
  paymob_wallet: 'محفظة إلكترونية',
  paymob_kiosk: 'منافذ الدفع',
  paymob_installment: 'التقسيط',
  fawry: 'فوري',
  fawry_staging: 'فوري (تجريبي)',
  kashier: 'كاشير',
};

/** A gateway order's state. */
export const PAYMENT_ORDER_STATUS_LABELS: Readonly<Record<'pending' | 'paid' | 'failed', string>> =
  { pending: 'معلق', paid: 'مدفوع', failed: 'لم يكتمل' };

/** The payment gateways. */
export const PAYMENT_PROVIDER_LABELS: Readonly<Record<string, string>> = {
  paymob: 'باي موب',
  fawry: 'فوري',
  'fawry-staging': 'فوري (تجريبي)',
  kashier: 'كاشير',
  sandbox: 'البوابة التجريبية',
};

/** A ledger row's type. */
export const TRANSACTION_TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  recharge: 'شحن',
  lecture_purchase: 'شراء محاضرة',
  course_purchase: 'شراء دورة',
  balance_transfer: 'تحويل رصيد',
  admin_balance_update: 'تعديل من الإدارة',
  support: 'تعديل من الدعم',
};

/** How a purchase was paid (`grant`: given by staff without payment; `cash`: given by staff for cash paid at the centre; `join`: a course joined whose lectures are bought). */
export const PAY_BY_LABELS: Readonly<
  Record<'wallet' | 'paycard' | 'free' | 'grant' | 'cash' | 'join', string>
> = {
  wallet: 'المحفظة',
  paycard: 'كارت',
  free: 'مجانية',
  grant: 'منحة',
  cash: 'نقدًا في المركز',
  join: 'انضمام (تُشترى محاضراتها)',
};

/** How a course is sold. */
export const PAY_TYPE_LABELS: Readonly<Record<'course' | 'lectures', string>> = {
  course: 'شراء الدورة كاملة',
  lectures: 'شراء المحاضرات منفردة',
};

/** A student account's state. */
export const STUDENT_STATUS_LABELS: Readonly<Record<'active' | 'blocked', string>> = {
  active: 'نشط',
  blocked: 'موقوف',
};

/** A finished exam session's outcome. */
export const EXAM_OUTCOME_LABELS: Readonly<Record<'passed' | 'failed', string>> = {
  passed: 'ناجح',
  failed: 'راسب',
};

/** Yes and no in a cell or a line. */
export const YES_NO_LABELS: Readonly<Record<'yes' | 'no', string>> = { yes: 'نعم', no: 'لا' };

/**
 * The Arabic word for a code, or the code itself when the catalogue has none (a new code
 * still shows, untranslated, rather than blank).
 * @example codeLabel(PAYMENT_ORDER_STATUS_LABELS, 'paid') // 'مدفوع'
 */
export function codeLabel(labels: Readonly<Record<string, string>>, code: string | null): string {
  if (code === null) return '';
  return Object.hasOwn(labels, code) ? labels[code]! : code;
}

/** Question types as the console and the exports name them. */
export const QUESTION_TYPE_LABELS: Readonly<Record<'choices' | 'truefalse' | 'essay', string>> = {
  choices: 'اختيار من متعدد',
  truefalse: 'صواب وخطأ',
  essay: 'مقالي',
};

/** The item analysis's flags (ADR 043), as the console and the export say them. */
export const ITEM_FLAG_LABELS: Readonly<Record<'no_one_right' | 'reversed', string>> = {
  no_one_right: 'لم يُجب أحد إجابة صحيحة',
  reversed: 'أخطأ فيه المتفوقون أكثر من غيرهم: راجع مفتاح الإجابة',
};
