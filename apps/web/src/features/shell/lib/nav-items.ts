import type { AppSettings } from '@dars/contract';

/** A destination of the drawer or the bottom bar. `id` names its icon and its label (`nav.<id>`). */
export type NavId =
  | 'welcome'
  | 'home'
  | 'profile'
  | 'myCourses'
  | 'courses'
  | 'teachers'
  | 'exams'
  | 'homeworkResults'
  | 'examResults'
  | 'wallet'
  | 'about'
  | 'privacyPolicy'
  | 'support'
  | 'messages'
  | 'help'
  | 'login'
  | 'register';

export interface NavItem {
  id: NavId;
  to: string;
}

export type NavSettings = Pick<
  AppSettings,
  'teachers_page' | 'enable_gen_exm' | 'enable_wallet_system'
>;

const item = (id: NavId, to: string): NavItem => ({ id, to });

/**
 * The drawer's destinations (spec §2): the guest list, or the signed-in list gated by
 * teachers_page, enable_gen_exm and enable_wallet_system.
 * @example drawerItems(false, settings).map((i) => i.id) // ['welcome', 'register', 'login', 'about', 'help', 'privacyPolicy']
 */
export function drawerItems(signedIn: boolean, settings: NavSettings): NavItem[] {
  if (!signedIn) {
    return [
      item('welcome', '/'),
      item('register', '/register'),
      item('login', '/login'),
      item('about', '/about'),
      item('help', '/help'),
      item('privacyPolicy', '/privacy-policy'),
    ];
  }
  return [
    item('home', '/home'),
    item('profile', '/profile'),
    item('myCourses', '/my-courses'),
    item('courses', '/courses'),
    ...(settings.teachers_page ? [item('teachers', '/teachers')] : []),
    ...(settings.enable_gen_exm ? [item('exams', '/exams')] : []),
    item('homeworkResults', '/my-exams/homeworks'),
    item('examResults', '/my-exams/exams'),
    ...(settings.enable_wallet_system ? [item('wallet', '/wallet')] : []),
    item('about', '/about'),
    item('privacyPolicy', '/privacy-policy'),
    // The student's conversations with support (issue 24), beside where a new one starts.
    item('messages', '/messages'),
    item('support', '/help'),
  ];
}

/**
 * The phone bottom bar of a signed-in user (spec §2): exams and wallet when enabled, and
 * help only when exams are disabled. Guests have no bottom bar.
 * @example bottomBarItems({ ...settings, enable_gen_exm: false }).map((i) => i.id) // [… 'profile', 'help']
 */
export function bottomBarItems(settings: NavSettings): NavItem[] {
  return [
    item('home', '/home'),
    item('myCourses', '/my-courses'),
    item('courses', '/courses'),
    ...(settings.enable_gen_exm ? [item('exams', '/exams')] : []),
    ...(settings.enable_wallet_system ? [item('wallet', '/wallet')] : []),
    item('profile', '/profile'),
    ...(settings.enable_gen_exm ? [] : [item('help', '/help')]),
  ];
}
