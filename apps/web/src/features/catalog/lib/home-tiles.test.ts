import { describe, expect, it } from 'vitest';
import { homeTiles } from './home-tiles';

const ids = (s: Parameters<typeof homeTiles>[0]) => homeTiles(s).map((x) => x.id);

describe('homeTiles', () => {
  it('offers every destination when everything is enabled', () => {
    expect(ids({ teachers_page: true, enable_gen_exm: true, enable_wallet_system: true })).toEqual([
      'myCourses',
      'courses',
      'teachers',
      'exams',
      'wallet',
      'profile',
    ]);
  });

  it('drops teachers, exams and wallet when switched off', () => {
    expect(
      ids({ teachers_page: false, enable_gen_exm: false, enable_wallet_system: false }),
    ).toEqual(['myCourses', 'courses', 'profile']);
  });
});
