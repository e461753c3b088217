import fs from 'node:fs';
import path from 'node:path';

/**
 * The apps' installed version is what the forced update compares with the stable versions
 * (spec §1, §4), so both native projects carry apps/mobile's package version: Android's
 * versionName (versionCode from it: 1.0.2 -> 10002) and iOS's MARKETING_VERSION.
 * @returns the version written
 */
export function alignVersions(mobile: string): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(mobile, 'package.json'), 'utf8')) as {
    version: string;
  };
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((p) => Number.parseInt(p, 10));
  const code = major * 10_000 + minor * 100 + patch;
  const gradle = path.join(mobile, 'android/app/build.gradle');
  fs.writeFileSync(
    gradle,
    fs
      .readFileSync(gradle, 'utf8')
      .replace(/versionCode \d+/, `versionCode ${code}`)
      .replace(/versionName "[^"]*"/, `versionName "${version}"`),
  );
  const pbxproj = path.join(mobile, 'ios/App/App.xcodeproj/project.pbxproj');
  fs.writeFileSync(
    pbxproj,
    fs
      .readFileSync(pbxproj, 'utf8')
      .replace(/MARKETING_VERSION = [^;]+;/g, `MARKETING_VERSION = ${version};`)
      .replace(/CURRENT_PROJECT_VERSION = [^;]+;/g, `CURRENT_PROJECT_VERSION = ${code};`),
  );
  return version;
}
