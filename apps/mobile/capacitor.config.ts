import type { CapacitorConfig } from '@capacitor/cli';
import { DEFAULT_SERVER } from './scripts/web-assets';
import { readSchoolFile } from './scripts/school-file';

// The Capacitor CLI runs in apps/mobile, where mobile:sync writes school.json.
const { name, brand } = readSchoolFile(process.cwd());

/** A server on plain http (a development machine) needs cleartext and mixed content allowed. */
const plainHttp = (process.env.DARS_SERVER_URL?.trim() || DEFAULT_SERVER).startsWith('http:');

/**
 * The Android and iOS apps of the school (ADR 021, 049): the web client's build, copied into
 * `www/` by `npm run mobile:sync` with the server's address written into its `index.html`, named
 * and coloured as the school (school.json, written by the same sync).
 */
const config: CapacitorConfig = {
  appId: 'eg.dars.app',
  appName: name,
  webDir: 'www',
  // Pages are served from https://localhost (Android) and capacitor://localhost (iOS): the two
  // origins the server's CORS accepts by default.
  server: { androidScheme: 'https', iosScheme: 'capacitor', cleartext: plainHttp },
  android: { allowMixedContent: plainHttp },
  plugins: {
    SplashScreen: {
      // The app hides it once it has drawn its own (platform/start-native.ts).
      launchAutoHide: false,
      launchShowDuration: 0,
      backgroundColor: brand,
      androidScaleType: 'CENTER_CROP',
      showSpinner: false,
      splashFullScreen: false,
      splashImmersive: false,
    },
    StatusBar: { backgroundColor: brand, style: 'DARK', overlaysWebView: false },
  },
};

export default config;
