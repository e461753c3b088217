import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from './constants';

/**
 * Arabic validation texts shared by the server's 422 answers and the web forms, so a field
 * error reads the same wherever it is caught. Texts quoted in spec §5 are kept verbatim.
 */
export const VALIDATION_MESSAGES = {
  /** Spec §5, password change (also login: both fields are required). */
  fieldsRequired: 'لا تترك الحقول فارغة',
  /** Spec §5, support ticket. */
  anyFieldRequired: 'لا يمكنك ترك حقل فارغاً',
  /** Spec §5, mobile wallet recharge. */
  fieldRequired: 'لا يمكنك ترك الحقل فارغاً',
  /** Spec §5, pay card and recharge card code. */
  payCardCode: 'أدخل كود البطاقة بشكل صحيح',
  name: 'أدخل الاسم',
  email: 'أدخل بريداً إلكترونياً صحيحاً',
  phone: 'أدخل رقم هاتف محمول صحيحاً مكوناً من 11 رقماً ويبدأ بـ 01',
  passwordMin: `كلمة المرور يجب ألا تقل عن ${PASSWORD_MIN_LENGTH} أحرف`,
  passwordConfirmation: 'تأكيد كلمة المرور غير مطابق',
  grade: 'اختر الصف الدراسي',
  verificationCode: `أدخل الرمز المكوّن من ${VERIFICATION_CODE_LENGTH} أرقام`,
  image: 'اختر صورة صالحة',
  fileTooLarge: 'حجم الملف أكبر من المسموح',
  tooLong: 'النص أطول من المسموح',
  /** U+0000: PostgreSQL cannot store it and no keyboard types it. */
  forbiddenCharacter: 'النص يحتوي على رمز غير مسموح به',
  /** An id the student picks, never types (exam, question, option): only a broken client gets it wrong. */
  choice: 'القيمة المختارة غير صحيحة',
  category: 'اختر قسماً صحيحاً',
} as const;
