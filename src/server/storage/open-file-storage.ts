import path from 'node:path';
import { type FileStorage, LocalFolderStorage } from './file-storage';
import { parseS3Url, S3Storage } from './s3-storage';

/** The storage the settings name: the S3-compatible bucket of S3_URL, else the folder `DATA_DIR/uploads`. */
export function openFileStorage(settings: { dataDir: string; s3Url: string | undefined }): FileStorage {
  if (!settings.s3Url) return new LocalFolderStorage(path.join(settings.dataDir, 'uploads'));
  const location = parseS3Url(settings.s3Url);
  // loadConfig has already refused a bad S3_URL; this guards callers that build settings by hand.
  if (typeof location === 'string') throw new Error(`S3_URL ${location}`);
  return new S3Storage(location);
}
