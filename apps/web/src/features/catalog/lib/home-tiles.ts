import type { AppSettings } from '@dars/contract';

/** A destination offered on the home page (tiles or the classic list). */
export type HomeTileId = 'myCourses' | 'courses' | 'teachers' | 'exams' | 'wallet' | 'profile';

export interface HomeTile {
  id: HomeTileId;
  to: string;
}

export type HomeTileSettings = Pick<
  AppSettings,
  'teachers_page' | 'enable_gen_exm' | 'enable_wallet_system'
>;

/**
 * The home page's destinations (spec §2): my courses, courses, teachers (teachers_page),
 * exams (enable_gen_exm), wallet (enable_wallet_system) and profile.
 * @example homeTiles({ teachers_page: false, enable_gen_exm: false, enable_wallet_system: true }).map((x) => x.id) // ['myCourses', 'courses', 'wallet', 'profile']
 */
export function homeTiles(settings: HomeTileSettings): HomeTile[] {
  return [
    { id: 'myCourses', to: '/my-courses' },
    { id: 'courses', to: '/courses' },
    ...(settings.teachers_page ? [{ id: 'teachers' as const, to: '/teachers' }] : []),
    ...(settings.enable_gen_exm ? [{ id: 'exams' as const, to: '/exams' }] : []),
    ...(settings.enable_wallet_system ? [{ id: 'wallet' as const, to: '/wallet' }] : []),
    { id: 'profile', to: '/profile' },
  ];
}
