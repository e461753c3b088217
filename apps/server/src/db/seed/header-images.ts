import type { Kysely } from 'kysely';
import type { DB } from '../schema';

/** A home-page slide: a picture that opens a screen of the app (`to`) or a web page (`href`). */
export type HeaderImage = { url: string; to?: string; href?: string };

/**
 * Sets the home page's slides (the `header_images` setting).
 * @example await insertHeaderImages(db, [{ url: '/storage/seed/slides/1.svg', to: '/courses' }])
 */
export async function insertHeaderImages(
  db: Kysely<DB>,
  images: readonly HeaderImage[],
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: 'header_images', value: JSON.stringify(images) })
    .execute();
}
