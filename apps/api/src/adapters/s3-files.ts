import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createLinkSigner, isStoredKey, newKey, typeOfKey, type FileStore } from './files.ts';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO, s3rver, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

const notFound = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound'));

/**
 * Files in an S3-compatible bucket (FILE_STORE=s3): the same keys as the local folder, each an
 * object at the bucket's root. Links are the API's own (createLinkSigner), so a browser never needs
 * to reach the store.
 */
export function createS3FileStore(settings: S3Settings, secret: string): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const Bucket = settings.bucket;
  const put = (key: string, bytes: Buffer) => client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: typeOfKey(key) }));

  return {
    ...createLinkSigner(secret),
    describe: () => `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async save(bytes, type) {
      const key = newKey(type);
      await put(key, bytes);
      return key;
    },
    async open(key) {
      if (!isStoredKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, type: typeOfKey(key), size: object.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      if (isStoredKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isStoredKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async read(key) {
      const file = await this.open(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async write(key, bytes) {
      if (!isStoredKey(key)) throw new Error(`Not a stored file's name: ${key}`);
      await put(key, bytes);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
