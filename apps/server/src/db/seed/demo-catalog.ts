import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { CATEGORIES, GRADES, TEACHERS } from './catalog-data';
import { avatar, banner } from './images';
import { insertCategories, insertGrades } from './named-rows';
import type { SeedFiles } from './seed-files';
import { insertTeacher } from './teachers';

/** The ids the demo's courses and students refer to, in catalog-data.ts's order. */
export interface DemoCatalogIds {
  gradeIds: number[];
  categoryIds: number[];
  teacherIds: number[];
}

/**
 * The demo's grades, subjects and teachers (with drawn avatars and banners).
 * @example const ids = await seedDemoCatalog(trx, files, iso(400))
 */
export async function seedDemoCatalog(
  db: Kysely<DB>,
  files: SeedFiles,
  teachersSince: string,
): Promise<DemoCatalogIds> {
  const gradeIds = await insertGrades(db, GRADES);
  const categoryIds = await insertCategories(
    db,
    CATEGORIES.map((c) => c.name),
  );
  const teacherIds: number[] = [];
  for (const [i, t] of TEACHERS.entries()) {
    const initial = t.name.replace(/^(أ\.|د\.|Mr\.)\s*/, '').charAt(0);
    teacherIds.push(
      await insertTeacher(db, {
        name: t.name,
        bio: t.bio,
        avatar_path: files.writePublic(
          `seed/teachers/${i + 1}-avatar.svg`,
          avatar({ hue: t.hue, initial }),
        ),
        banner_path: files.writePublic(
          `seed/teachers/${i + 1}-banner.svg`,
          banner({ hue: t.hue, seed: i + 11 }),
        ),
        phone: t.phone ?? null,
        email: t.email ?? null,
        whatsapp_url: t.whatsapp_url ?? null,
        facebook_url: t.facebook_url ?? null,
        messenger_url: t.messenger_url ?? null,
        twitter_url: t.twitter_url ?? null,
        youtube_url: t.youtube_url ?? null,
        telegram_url: t.telegram_url ?? null,
        created_at: teachersSince,
        // Their share of their courses' sales (ADR 048): 60 % for the demo teacher's login's
        // profile (the first), half for the others.
        revenue_share_percent: i === 0 ? 60 : 50,
      }),
    );
  }
  return { gradeIds, categoryIds, teacherIds };
}
