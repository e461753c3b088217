import { describe, expect, it } from 'vitest';
import { bottomBarItems, drawerItems, type NavSettings } from './nav-items';

const allOn: NavSettings = {
  teachers_page: true,
  enable_gen_exm: true,
  enable_wallet_system: true,
};
const allOff: NavSettings = {
  teachers_page: false,
  enable_gen_exm: false,
  enable_wallet_system: false,
};
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('drawerItems', () => {
  it('gives guests welcome, register, login, about, help and privacy policy', () => {
    expect(ids(drawerItems(false, allOn))).toEqual([
      'welcome',
      'register',
      'login',
      'about',
      'help',
      'privacyPolicy',
    ]);
  });

  it('gives signed-in users every destination when all switches are on', () => {
    expect(ids(drawerItems(true, allOn))).toEqual([
      'home',
      'profile',
      'myCourses',
      'courses',
      'teachers',
      'exams',
      'homeworkResults',
      'examResults',
      'wallet',
      'about',
      'privacyPolicy',
      'messages',
      'support',
    ]);
  });

  it('hides teachers, exams and wallet when their switches are off', () => {
    const list = ids(drawerItems(true, allOff));
    expect(list).not.toContain('teachers');
    expect(list).not.toContain('exams');
    expect(list).not.toContain('wallet');
    expect(list).toContain('examResults');
  });

  it('gates each item by its own switch', () => {
    expect(ids(drawerItems(true, { ...allOff, teachers_page: true }))).toContain('teachers');
    expect(ids(drawerItems(true, { ...allOff, enable_gen_exm: true }))).toContain('exams');
    expect(ids(drawerItems(true, { ...allOff, enable_wallet_system: true }))).toContain('wallet');
  });

  it('points support to the help page', () => {
    expect(drawerItems(true, allOn).find((i) => i.id === 'support')?.to).toBe('/help');
  });

  it('leads a signed-in student to «رسائلي», and a guest nowhere near it', () => {
    expect(drawerItems(true, allOff).find((i) => i.id === 'messages')?.to).toBe('/messages');
    expect(ids(drawerItems(false, allOn))).not.toContain('messages');
  });
});

describe('bottomBarItems', () => {
  it('shows exams and wallet, without help, when both are enabled', () => {
    expect(ids(bottomBarItems(allOn))).toEqual([
      'home',
      'myCourses',
      'courses',
      'exams',
      'wallet',
      'profile',
    ]);
  });

  it('shows help instead of exams when exams are disabled', () => {
    expect(ids(bottomBarItems(allOff))).toEqual([
      'home',
      'myCourses',
      'courses',
      'profile',
      'help',
    ]);
  });

  it('shows the wallet only when the wallet system is enabled', () => {
    expect(ids(bottomBarItems({ ...allOn, enable_wallet_system: false }))).not.toContain('wallet');
  });

  it('does not depend on the teachers page', () => {
    expect(bottomBarItems({ ...allOn, teachers_page: false })).toEqual(bottomBarItems(allOn));
  });
});
