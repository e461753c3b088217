import { translator } from './t';

/**
 * The set-password page of a student the school added (issue 28, ADR 052). It loads with its
 * route, not with the app (ADR 020); the password's labels and rules are the sign-up's.
 */
export const arInvitation = {
  title: 'أهلًا بك في المنصة',
  checking: 'جارٍ التحقق من الرابط',
  greeting: 'مرحبًا {name}',
  lead: 'أضافتك المدرسة إلى المنصة. اختر كلمة مرور لحسابك، ثم ادخل بعد ذلك برقم هاتفك {phone} وكلمة المرور هذه.',
  submit: 'حفظ كلمة المرور والدخول',
  failed: 'حدثت مشكلة أثناء حفظ كلمة المرور، حاول مرة أخرى',
  invalidTitle: 'لا يعمل هذا الرابط',
  contact:
    'اطلب من المدرسة رابطًا جديدًا، أو راسل الدعم. وإن كنت اخترت كلمة المرور من قبل فسجّل الدخول بها.',
  support: 'راسل الدعم',
  login: 'تسجيل الدخول',
} as const;

export const ti = translator(arInvitation);
