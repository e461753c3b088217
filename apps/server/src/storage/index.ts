import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { StorageConfig } from './storage-config';
import type { Storage } from './storage';

export type { Storage, StorageArea, ByteRange, StoredObject } from './storage';
export { assertKey, readAll } from './storage';
export { isLocalStorage, localStorage, type LocalStorage } from './local-storage';
export { s3Storage } from './s3-storage';

/**
 * The configured storage: the S3 bucket when `S3_BUCKET` is set, else the data folder.
 * @example const storage = openStorage(config.storage, config.dataDir)
 */
export function openStorage(config: StorageConfig, dataDir: string): Storage {
  return config.kind === 's3' ? s3Storage(config) : localStorage(dataDir);
}
