import { STAFF_MESSAGES } from '@dars/contract';

/** The page an invitation's link opens (ADR 048). */
export const INVITATION_TEXTS = {
  title: 'تعيين كلمة المرور',
  checking: 'جارٍ التحقق من الدعوة',
  hello: 'مرحباً %{name}، اختر كلمة مرور لحسابك في لوحة الإدارة.',
  signsInAs: 'ستدخل بعدها بالبريد:',
  password: 'كلمة المرور الجديدة',
  passwordHelp: 'ثمانية أحرف على الأقل.',
  again: 'أعد كتابة كلمة المرور',
  submit: 'حفظ كلمة المرور والدخول',
  invalid: STAFF_MESSAGES.invitationInvalid,
  failed: 'تعذر حفظ كلمة المرور، حاول مرة أخرى',
  toLogin: 'الذهاب إلى صفحة الدخول',
} as const;
