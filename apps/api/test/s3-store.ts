import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/adapters/s3-files.ts';

export interface LocalS3 {
  settings: S3Settings;
  /** The same settings as the server's environment (FILE_STORE=s3…). */
  env: Record<string, string>;
  /** s3rver's folder: the bucket's objects are files under it. */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port and a folder of its own, with one bucket. */
export async function startLocalS3(bucket = 'eticket-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'eticket-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
