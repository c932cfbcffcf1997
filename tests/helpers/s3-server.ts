import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** What the site needs to reach the stand-in: BACKUP_* and the AWS credentials it accepts. */
export interface StandInStore {
  env: Record<string, string>;
  port: number;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on this machine (s3rver from npm), on a free port with a temp folder: object storage
 * lies outside the machine in production, so the tests stand one in. It checks signatures against the one pair of
 * credentials it knows (S3RVER / S3RVER), so a wrong secret is refused as a real store would refuse it.
 */
export async function startS3StandIn(bucket = 'site-backups'): Promise<StandInStore> {
  const directory = mkdtempSync(join(tmpdir(), 's3-standin-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    port,
    env: {
      BACKUP_URL: `s3://${bucket}/northbridge`,
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_KEY: randomBytes(32).toString('base64'),
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
