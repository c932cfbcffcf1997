/**
 * The bucket the snapshots go to, through the AWS SDK's S3 client (docs/decisions/023-off-site-backups.md). Any
 * S3-compatible store works: BACKUP_S3_ENDPOINT points elsewhere than AWS, with path-style addresses, which every
 * such store understands. Credentials come the SDK's standard way (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or
 * its files), never from the site's own configuration.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../core/config.ts';

/** One stored object, as a listing shows it. */
export interface StoredObject {
  key: string;
  size: number;
}

export interface ObjectStore {
  /** Uploads a file under `key` (relative to the configured prefix). */
  putFile(key: string, file: string, signal?: AbortSignal): Promise<void>;
  putText(key: string, text: string, signal?: AbortSignal): Promise<void>;
  /** Downloads `key` into `file`. */
  getFile(key: string, file: string, signal?: AbortSignal): Promise<void>;
  getText(key: string, signal?: AbortSignal): Promise<string>;
  /** Every object under `folder` (relative to the prefix), keys relative to the prefix too. */
  list(folder: string, signal?: AbortSignal): Promise<StoredObject[]>;
  delete(key: string, signal?: AbortSignal): Promise<void>;
}

const ignore = () => {};
const QUIET = { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore };

/** A store that answers nothing within this long is treated as down; the upload is tried again later. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A refusal by the store (wrong credentials, no such bucket, quota) in one line, or undefined for any other error. */
export function storeRefusal(err: unknown): string | undefined {
  // Only the SDK makes such errors, so it is loaded when one can exist.
  return sdk && err instanceof sdk.S3ServiceException
    ? `the store refused (${err.name}, HTTP ${err.$metadata.httpStatusCode}): ${err.message}`
    : undefined;
}

/** The AWS SDK, loaded with the first request to the store: a site without off-site backups never holds it in memory. */
let sdk: typeof S3 | undefined;
async function loadSdk(): Promise<typeof S3> {
  return (sdk ??= await import('@aws-sdk/client-s3'));
}

export function createObjectStore(config: Pick<Config, 'BACKUP_URL' | 'BACKUP_S3_ENDPOINT' | 'AWS_REGION'>): ObjectStore {
  const url = new URL(config.BACKUP_URL!);
  const bucket = url.hostname;
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  const full = (key: string) => (prefix ? `${prefix}/${key}` : key);
  let client: S3.S3Client | undefined;
  const open = async () => {
    const s3 = await loadSdk();
    client ??= new s3.S3Client({
      region: config.AWS_REGION ?? 'us-east-1',
      ...(config.BACKUP_S3_ENDPOINT ? { endpoint: config.BACKUP_S3_ENDPOINT, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: REQUEST_TIMEOUT_MS },
      maxAttempts: 2,
      // Failures reach the site's log once, with their error, from the schedule (backup-schedule.ts); the SDK would
      // otherwise print its own lines on the console, outside the JSON log.
      logger: QUIET,
    });
    return { client, s3 };
  };

  return {
    async putFile(key, file, signal) {
      const { client, s3 } = await open();
      const { size } = await stat(file);
      const put = new s3.PutObjectCommand({ Bucket: bucket, Key: full(key), Body: createReadStream(file), ContentLength: size });
      await client.send(put, { abortSignal: signal });
    },
    async putText(key, text, signal) {
      const { client, s3 } = await open();
      const put = new s3.PutObjectCommand({ Bucket: bucket, Key: full(key), Body: text, ContentType: 'application/json' });
      await client.send(put, { abortSignal: signal });
    },
    async getFile(key, file, signal) {
      const { client, s3 } = await open();
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: full(key) }), { abortSignal: signal });
      await pipeline(answer.Body as Readable, createWriteStream(file));
    },
    async getText(key, signal) {
      const { client, s3 } = await open();
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: full(key) }), { abortSignal: signal });
      return answer.Body!.transformToString();
    },
    async list(folder, signal) {
      const { client, s3 } = await open();
      const found: StoredObject[] = [];
      let token: string | undefined;
      do {
        const listing = new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: full(`${folder}/`), ContinuationToken: token });
        const page = await client.send(listing, { abortSignal: signal });
        for (const item of page.Contents ?? []) found.push({ key: item.Key!.slice(prefix ? prefix.length + 1 : 0), size: item.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async delete(key, signal) {
      const { client, s3 } = await open();
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: full(key) }), { abortSignal: signal });
    },
  };
}
