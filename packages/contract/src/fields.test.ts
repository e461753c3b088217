import { describe, expect, it } from 'vitest';
import {
  VALIDATION_MESSAGES,
  egyptianMobileSchema,
  emailSchema,
  imageFileSchema,
  newPasswordSchema,
  payCardCodeSchema,
  requiredText,
  verificationCodeSchema,
} from './fields';
import { UPLOAD_MAX_BYTES } from './constants';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('egyptianMobileSchema', () => {
  it('accepts 11-digit numbers of the four operators, as typed', () => {
    expect(egyptianMobileSchema.parse('01012345678')).toBe('01012345678');
    expect(egyptianMobileSchema.parse('٠١١ ١٢٣٤-٥٦٧٨')).toBe('01112345678');
    expect(egyptianMobileSchema.parse('01512345678')).toBe('01512345678');
  });

  it('refuses other numbers with the Arabic message', () => {
    for (const bad of ['0101234567', '010123456789', '01312345678', '+201012345678', '']) {
      expect(firstMessage(egyptianMobileSchema.safeParse(bad))).toBe(VALIDATION_MESSAGES.phone);
    }
    expect(firstMessage(egyptianMobileSchema.safeParse(undefined))).toBe(VALIDATION_MESSAGES.phone);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases so one mailbox is one account', () => {
    expect(emailSchema.parse('  Student@Example.COM ')).toBe('student@example.com');
  });

  it('refuses a non-address with the Arabic message', () => {
    expect(firstMessage(emailSchema.safeParse('not-an-email'))).toBe(VALIDATION_MESSAGES.email);
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe(VALIDATION_MESSAGES.email);
  });
});

describe('newPasswordSchema', () => {
  it('needs 8 characters', () => {
    expect(firstMessage(newPasswordSchema.safeParse('1234567'))).toBe(
      VALIDATION_MESSAGES.passwordMin,
    );
    expect(newPasswordSchema.safeParse('12345678').success).toBe(true);
  });
});

describe('codes', () => {
  it('reads a 6-digit code typed with spaces or Arabic digits', () => {
    expect(verificationCodeSchema.parse(' ١٢٣ ٤٥٦ ')).toBe('123456');
    expect(firstMessage(verificationCodeSchema.safeParse('12345'))).toBe(
      VALIDATION_MESSAGES.verificationCode,
    );
  });

  it('strips a pay card code and refuses an empty one in Arabic', () => {
    expect(payCardCodeSchema.parse(' 1234 5678 ')).toBe('12345678');
    expect(firstMessage(payCardCodeSchema.safeParse('   '))).toBe('أدخل كود البطاقة بشكل صحيح');
    expect(firstMessage(payCardCodeSchema.safeParse(undefined))).toBe('أدخل كود البطاقة بشكل صحيح');
  });
});

describe('requiredText', () => {
  it('treats blank as empty', () => {
    const title = requiredText(VALIDATION_MESSAGES.anyFieldRequired, 10);
    expect(firstMessage(title.safeParse('  \n '))).toBe('لا يمكنك ترك حقل فارغاً');
    expect(title.parse('  سؤال ')).toBe('سؤال');
    expect(firstMessage(title.safeParse('x'.repeat(11)))).toBe(VALIDATION_MESSAGES.tooLong);
  });
});

describe('imageFileSchema', () => {
  it('accepts any image type and refuses other files and huge ones', () => {
    expect(
      imageFileSchema.safeParse(new File(['x'], 'a.webp', { type: 'image/webp' })).success,
    ).toBe(true);
    expect(
      firstMessage(
        imageFileSchema.safeParse(new File(['x'], 'a.pdf', { type: 'application/pdf' })),
      ),
    ).toBe(VALIDATION_MESSAGES.image);
    const huge = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'a.png', { type: 'image/png' });
    expect(firstMessage(imageFileSchema.safeParse(huge))).toBe(VALIDATION_MESSAGES.fileTooLarge);
    expect(imageFileSchema.safeParse('not a file').success).toBe(false);
  });
});
