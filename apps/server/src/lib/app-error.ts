import type { ErrorCode, FieldErrors } from '@dars/contract';

/** Arabic messages the server sends with each code; the client maps codes to its own texts. */
const MESSAGES: Record<ErrorCode, string> = {
  LIMIT_EXCEEDED: 'لقد اكتمل عدد الطلاب المسموح به للدورة',
  ALREADY_JOINED: 'لقد انضممت بالفعل سابقاً',
  ALREADY_PURCHASED: 'لقد حصلت على هذا المحتوى سابقاً',
  INVALID_PAYCARD_CODE: 'كود بطاقة الدفع غير صحيح',
  USED_PAYCARD: 'البطاقة مُستخدمة سابقاً',
  EXPIRED_PAYCARD: 'البطاقة منتهية الصلاحية',
  PAYCARD_TARGET_VALIDATION_FAILD: 'لا يمكن استخدام البطاقة المُدخلة لهذا المحتوى',
  PAYCARD_USED_BY_ANOTHER_USER: 'البطاقة مُستخدمة من حساب آخر',
  PAYCARD_MAX_PRICE_EXCEEDED: 'قيمة البطاقة أقل من سعر المحتوى',
  BALANCE_NOT_ENOUGH: 'رصيد المحفظة غير كافي لإتمام العملية',
  WRONG_OLD_PASSWORD: 'كلمة المرور الحالية غير صحيحة',
  INVALID_CREDENTIALS: 'بيانات الدخول غير صحيحة',
  INVALID_CODE: 'الكود غير صحيح أو منتهي الصلاحية',
  SESSION_ENDED: 'انتهى وقت الامتحان ولا يمكن تعديل الإجابات',
  EXAM_NOT_FOUND: 'الامتحان غير موجود',
  EXAM_NOT_STARTED: 'لم يبدأ الامتحان بعد، انتظر حتى موعده',
  EXAM_ENDED: 'انتهى الوقت المسموح لدخول الامتحان',
  EXAM_NOT_ACTIVE: 'لا يمكن بدء الامتحان في الوقت الحالي',
  SESSION_NOT_FOUND: 'الجلسة غير موجودة',
  LESS_THAN_MIN_AMOUNT: 'المبلغ أقل من الحد الأدنى للشحن',
  NO_ENOUGH_BALANCE: 'رصيدك غير كافٍ',
  WALLET_NOT_FOUND: 'لم يتم العثور على المحفظة المُرسل إليها',
  CANNOT_TRANSFER_TO_YOURSELF: 'لا يمكنك التحويل إلى محفظتك',
  CONFLICT: 'لا يمكن تنفيذ هذا التغيير لأنه يؤثر على بيانات الطلاب',
  DEVICE_LIMIT_REACHED:
    'وصلت إلى الحد الأقصى لعدد الأجهزة. سجّل الخروج من جهاز آخر من صفحة حسابك، أو تواصل مع الدعم.',
  VALIDATION_FAILED: 'البيانات المُدخلة غير صحيحة',
  UNAUTHENTICATED: 'يجب تسجيل الدخول أولاً',
  FORBIDDEN: 'ليس لديك صلاحية للوصول إلى هذا المحتوى',
  NOT_FOUND: 'غير موجود',
  TOO_MANY_REQUESTS: 'محاولات كثيرة، حاول مرة أخرى لاحقاً',
  FEATURE_DISABLED: 'هذه الخاصية غير مفعّلة',
  METHOD_NOT_ALLOWED: 'هذا الرابط لا يقبل هذا النوع من الطلبات',
  SERVER_ERROR: 'حدث خطأ غير متوقع، حاول مرة أخرى',
};

const STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  FEATURE_DISABLED: 404,
  METHOD_NOT_ALLOWED: 405,
  SERVER_ERROR: 500,
  EXAM_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  WALLET_NOT_FOUND: 404,
  CONFLICT: 409,
  DEVICE_LIMIT_REACHED: 403,
};

/**
 * An error the client is meant to see: a status, a code from the contract and an Arabic message.
 * Domain codes default to 422 (the request was understood but cannot be done).
 * @example throw new AppError('BALANCE_NOT_ENOUGH')
 * @example throw new AppError('NOT_FOUND', 'الدورة غير موجودة')
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;

  constructor(code: ErrorCode, message?: string, errors?: FieldErrors) {
    super(message ?? MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = STATUS[code] ?? 422;
    this.errors = errors;
  }
}

/** A 422 with field errors, as a form shows them. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

export function messageFor(code: ErrorCode): string {
  return MESSAGES[code];
}
