import type { Config } from '../config.ts';
import { createLocalFileStore, type FileStore } from './files.ts';

/** The file store the configuration names (FILE_STORE). The AWS SDK is loaded only for S3 (it is slow to import). */
export async function createFileStore(config: Config): Promise<FileStore> {
  if (config.FILE_STORE === 'local') return createLocalFileStore(config.uploadsDir, config.JWT_SECRET);
  const { createS3FileStore } = await import('./s3-files.ts');
  return createS3FileStore(
    {
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    },
    config.JWT_SECRET,
  );
}
