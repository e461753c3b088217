import { describe, expect, it } from 'vitest';
import {
  staffMessageEndpoints,
  staffParentMessageBodySchema,
  staffPhoneOptOutCreateSchema,
  STAFF_PHONE_MESSAGES,
} from './staff-messages';

describe('text messages to parents (ADR 053)', () => {
  it('are admins’ calls, every one', () => {
    for (const [name, def] of Object.entries(staffMessageEndpoints))
      expect(def.staff, name).toBe('admin');
  });

  it('need the audience’s own id, and refuse a text over 600 characters', () => {
    const grade = staffParentMessageBodySchema.safeParse({ audience: 'grade', content: 'نص' });
    expect(grade.success).toBe(false);
    expect(grade.error!.issues[0]!.path).toEqual(['grade_id']);
    expect(grade.error!.issues[0]!.message).toBe(STAFF_PHONE_MESSAGES.audienceTarget);
    expect(
      staffParentMessageBodySchema.safeParse({
        audience: 'course',
        course_id: 3,
        content: 'س'.repeat(601),
      }).success,
    ).toBe(false);
    expect(
      staffParentMessageBodySchema.parse({ audience: 'student', student_id: 5, content: ' نص ' }),
    ).toEqual({ audience: 'student', student_id: 5, content: 'نص' });
  });

  it('take a channel of WhatsApp or SMS only, said in Arabic', () => {
    const bad = staffParentMessageBodySchema.safeParse({
      audience: 'student',
      student_id: 5,
      content: 'نص',
      channel: 'email',
    });
    expect(bad.error!.issues[0]!.message).toBe(STAFF_PHONE_MESSAGES.channel);
  });

  it('take an opt-out number as typed, in Arabic-Indic digits too', () => {
    expect(staffPhoneOptOutCreateSchema.parse({ phone: '٠١٠ ١٢٣٤ ٥٦٧٨' }).phone).toBe(
      '01012345678',
    );
    expect(staffPhoneOptOutCreateSchema.safeParse({ phone: '0225551234' }).success).toBe(false);
  });
});
