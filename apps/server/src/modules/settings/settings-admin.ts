import {
  headerImageSchema,
  staffSettingsSchema,
  type StaffSettings,
  type StaffSettingsUpdate,
} from '@dars/contract';
import { z } from 'zod';
import { getSettings, putSettings } from './settings-service';
import { writeAudit, type Actor, type Db } from '../../db/audited-change';

/** Every stored switch and field of spec §3 app settings, as GET /app would answer them. */
export async function staffSettings(db: Db): Promise<StaffSettings> {
  return staffSettingsSchema.parse(await getSettings(db));
}

/**
 * Stores the fields sent (each validated by the contract) and audits the keys that changed,
 * old and new. The student app reads them at its next start (GET /app is not cached).
 */
export async function updateStaffSettings(
  db: Db,
  actor: Actor,
  values: StaffSettingsUpdate,
): Promise<StaffSettings> {
  return db.transaction().execute(async (trx) => {
    const before = staffSettingsSchema.parse(await getSettings(trx));
    const changed = Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) =>
          value !== undefined &&
          JSON.stringify(value) !== JSON.stringify(before[key as keyof StaffSettings]),
      ),
    ) as Partial<StaffSettings>;
    if (Object.keys(changed).length > 0) {
      await putSettings(trx, changed);
      await writeAudit(trx, actor, {
        action: 'update',
        resource: 'settings',
        resourceId: null,
        before: Object.fromEntries(
          Object.keys(changed).map((k) => [k, before[k as keyof StaffSettings]]),
        ),
        after: changed,
      });
    }
    return staffSettingsSchema.parse(await getSettings(trx));
  });
}

const storedSlides = z.array(headerImageSchema).catch([]);
type Slide = { url: string; href: string | null; to: string | null };

/** The home carousel's slides (spec §2 Home), stored under the settings key header_images. */
export async function headerImages(db: Db): Promise<Slide[]> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'header_images')
    .executeTakeFirst();
  const slides = row ? storedSlides.parse(JSON.parse(row.value)) : [];
  return slides.map((s) => ({ url: s.url, href: s.href ?? null, to: s.to ?? null }));
}

export async function putHeaderImages(db: Db, actor: Actor, slides: Slide[]): Promise<Slide[]> {
  return db.transaction().execute(async (trx) => {
    const before = await headerImages(trx);
    const value = JSON.stringify(slides);
    await trx
      .insertInto('settings')
      .values({ key: 'header_images', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    await writeAudit(trx, actor, {
      action: 'update',
      resource: 'header-images',
      resourceId: null,
      before,
      after: slides,
    });
    return headerImages(trx);
  });
}

/** The general announcement (spec §3 settings), shown once to each student as a dialog. */
export async function announcement(db: Db): Promise<{ general_announcement: string | null }> {
  return { general_announcement: (await staffSettings(db)).general_announcement ?? null };
}

/** Sets (or, blank, clears) it through the settings service: audited as a settings change. */
export async function putAnnouncement(
  db: Db,
  actor: Actor,
  text: string | null,
): Promise<{ general_announcement: string | null }> {
  const settings = await updateStaffSettings(db, actor, { general_announcement: text });
  return { general_announcement: settings.general_announcement ?? null };
}
