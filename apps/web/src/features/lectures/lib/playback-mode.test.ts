import { describe, expect, it } from 'vitest';
import { desktopPlayerLink, playbackMode, playsInDrmPlayer } from './playback-mode';

describe('playbackMode', () => {
  it('embeds our player when web playback is enabled', () => {
    expect(playbackMode({ enableWp: true, platform: 'web', phoneOrTablet: false })).toBe(
      'embedded',
    );
    expect(playbackMode({ enableWp: true, platform: 'web', phoneOrTablet: true })).toBe('embedded');
  });

  it('embeds it on native apps and the mini platform whatever the switch', () => {
    for (const platform of ['android', 'ios', 'mini'] as const) {
      expect(playbackMode({ enableWp: false, platform, phoneOrTablet: true })).toBe('embedded');
    }
  });

  it('hands desktop web to the desktop app and phone web to the phone app', () => {
    expect(playbackMode({ enableWp: false, platform: 'web', phoneOrTablet: false })).toBe(
      'desktop-app',
    );
    expect(playbackMode({ enableWp: false, platform: 'web', phoneOrTablet: true })).toBe(
      'phone-app',
    );
  });
});

describe('playsInDrmPlayer', () => {
  it('takes the native DRM player only in the apps and only with a license url', () => {
    expect(playsInDrmPlayer({ platform: 'android', hasLicense: true })).toBe(true);
    expect(playsInDrmPlayer({ platform: 'ios', hasLicense: true })).toBe(true);
    for (const platform of ['android', 'ios', 'web', 'mini', 'desktop'] as const) {
      expect(playsInDrmPlayer({ platform, hasLicense: false })).toBe(false);
    }
    for (const platform of ['web', 'mini', 'desktop'] as const) {
      expect(playsInDrmPlayer({ platform, hasLicense: true })).toBe(false);
    }
  });
});

describe('desktopPlayerLink', () => {
  it('carries the video id and the token, encoded', () => {
    expect(desktopPlayerLink(7, 'a+b/c')).toBe('dars-player://play?video=7&token=a%2Bb%2Fc');
  });
});
