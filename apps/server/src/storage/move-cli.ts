import { loadConfig } from '../config';
import { localStorage } from './local-storage';
import { moveFiles } from './move-to-bucket';
import { s3Storage } from './s3-storage';

// npm run storage:to-bucket [-- --remove]: copies DATA_DIR/storage into the bucket that the
// S3_* variables name (ADR 024). Safe to run again; --remove deletes each local file once the
// bucket has it whole.

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('Set S3_BUCKET (and the other S3_ variables) to the bucket to move the files to.');
  process.exit(1);
}
const bucket = s3Storage(config.storage);
const removeSource = process.argv.includes('--remove');
try {
  await bucket.check();
  const report = await moveFiles(localStorage(config.dataDir), bucket, { removeSource });
  console.log(
    `copied ${report.copied} files (${report.bytes} bytes), ${report.skipped} already there` +
      (removeSource ? `, ${report.removed} removed from ${config.dataDir}` : ''),
  );
} finally {
  bucket.close();
}
