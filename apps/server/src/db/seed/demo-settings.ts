import type { Kysely } from 'kysely';
import { RECHARGE_METHODS } from '@dars/contract';
import type { DB } from '../schema';
import { putSettings } from '../../modules/settings/settings-service';
import { ANNOUNCEMENT } from './catalog-data';
import { insertHeaderImages } from './header-images';
import { slide } from './images';
import { DEMO_MARK_SETTING } from './demo-mark';
import type { SeedFiles } from './seed-files';

/**
 * The demo school's settings: every feature on, contact details, store links, social pages,
 * the announcement, the home page's three slides, and the mark that says this database is
 * the demo.
 * @example await seedDemoSettings(trx, seedFiles(dataDir))
 */
export async function seedDemoSettings(db: Kysely<DB>, files: SeedFiles): Promise<void> {
  await putSettings(db, {
    enable_wp: true,
    enable_gen_exm: true,
    enable_wallet_system: true,
    enable_wallet_transfers: true,
    transfer_fees: 1,
    teachers_page: true,
    email_verification: false,
    general_announcement: ANNOUNCEMENT,
    home_mode: 'default',
    appIsDown: false,
    play_store_url: 'https://play.google.com/store/apps/details?id=app.dars.student',
    apple_store_url: 'https://apps.apple.com/eg/app/dars-student/id6450000000',
    desktop_app_url: 'https://dars.example/desktop',
    stable_version: '1.0.0',
    android_stable_version: '1.0.0',
    ios_stable_version: '1.0.0',
    contact_phone: '01001234567',
    contact_email: 'support@dars.example',
    recharge_info: {
      min_recharge_amount: 20,
      // GET /app offers the gateways' methods the sandbox or real credentials can take.
      supported_methods: [...RECHARGE_METHODS],
      mobile_wallet_number: '01001234567',
    },
    crisp_website_id: null,
    social: {
      youtube: 'https://youtube.com/@dars.edu',
      facebook: 'https://facebook.com/dars.edu',
      linkedin: null,
      telegram: 'https://t.me/dars_edu',
      messenger: null,
      twitter: null,
      tiktok: 'https://tiktok.com/@dars.edu',
      whatsapp: 'https://wa.me/201001234567',
    },
  });
  // The demo's mark: a server not started as the demo refuses this database (ADR 032).
  await db.insertInto('settings').values({ key: DEMO_MARK_SETTING, value: 'true' }).execute();
  const slidePath = (n: number, s: Parameters<typeof slide>[0]) =>
    `/storage/${files.writePublic(`seed/slides/${n}.svg`, slide(s))}`;
  await insertHeaderImages(db, [
    {
      url: slidePath(1, {
        hue: 215,
        title: 'ذاكر بذكاء مع دَرس',
        line: 'شرح ومتابعة وامتحانات في مكان واحد',
      }),
      to: '/courses',
    },
    {
      url: slidePath(2, {
        hue: 265,
        title: 'مراجعة ليلة الامتحان',
        line: 'أهم القوانين في محاضرات قصيرة',
      }),
      to: '/courses?query=مراجعة',
    },
    {
      url: slidePath(3, { hue: 150, title: 'تابعنا على يوتيوب', line: 'دروس مجانية كل أسبوع' }),
      href: 'https://youtube.com/@dars.edu',
    },
  ]);
}
