import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const STAND_IN_BUCKET = 'site-backups';

/** An S3-compatible store on this machine; `stop` and `start` take it away and bring it back with its objects. */
export interface StandInStore {
  /** BACKUP_* (a fresh key) and the AWS credentials it accepts, for the site's environment. */
  env: Record<string, string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its objects. */
  close(): Promise<void>;
}

/**
 * An S3-compatible server on this machine (s3rver from npm), on a free port with a temp folder: object storage
 * lies outside the machine in production, so the tests stand one in. It knows one access key (S3RVER, secret S3RVER)
 * and refuses any other, as a real store refuses a wrong key.
 */
export async function startS3StandIn(): Promise<StandInStore> {
  const directory = mkdtempSync(join(tmpdir(), 's3-standin-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: STAND_IN_BUCKET, configs: [] }],
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  return {
    env: {
      BACKUP_URL: `s3://${STAND_IN_BUCKET}/northbridge`,
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_KEY: randomBytes(32).toString('base64'),
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
    },
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
