import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

/** s3rver accepts these credentials (and checks every request's signature against them). */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The STORAGE_DRIVER=s3 settings of a test app using this server. */
  env: Record<string, string>;
  /** A plain SDK client on the same server, to look at what the driver stored. */
  client: S3Client;
};

/**
 * A real S3-compatible server (s3rver: the S3 REST API over its own HTTP server, objects in a
 * temporary directory) on a random loopback port, with one bucket, for the file's tests. Register
 * it before `useTestApp` so the app can be configured with it.
 */
export const useS3Server = (bucket = 'excursio-test') => {
  const s3 = {} as TestS3;
  let server: S3rver | undefined;
  const directory = mkdtempSync(join(tmpdir(), 'excursio-s3-'));
  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    Object.assign(s3, {
      endpoint,
      bucket,
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET_KEY,
        S3_FORCE_PATH_STYLE: 'true',
      },
      client: new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
      }),
    });
  });
  afterAll(async () => {
    s3.client?.destroy();
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return s3;
};
