import { describe, expect, it } from 'vitest';
import { userSchema } from './user';

const sampleUser = {
  id: 1,
  name: 'أحمد علي',
  email: 'ahmed@example.com',
  phone: '01012345678',
  avatar: null,
  grade: { id: 3, name: 'الصف الثالث الثانوي' },
  groupId: null,
  balance: 150.5,
  notifications: [],
  notifications_count: 0,
  email_verified_at: null,
  profile_not_completed: false,
  my_courses: [4, 9],
  profile_qr_code: null,
  center_name: null,
};

describe('userSchema', () => {
  it('reads a student with an unconfirmed e-mail and no grade set', () => {
    expect(userSchema.parse({ ...sampleUser, grade: null }).grade).toBeNull();
  });

  it('refuses a balance with more than two decimals', () => {
    expect(userSchema.safeParse({ ...sampleUser, balance: 1.005 }).success).toBe(false);
  });
});
