import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { contentTypeOf, isValidKey, type Storage } from './storage.ts';

export type S3Settings = Pick<
  Config,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_TIMEOUT_MS'
>;

type Sdk = typeof import('@aws-sdk/client-s3');

/** A missing object: S3's NoSuchKey, or a bare 404 (HEAD-style answers of some servers carry no code). */
const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Uploaded files in an S3-compatible bucket through the AWS SDK v3 (any endpoint by configuration:
 * AWS, MinIO, R2, Ceph…). Keys are checked as the local driver checks them, so both drivers accept
 * and refuse the same keys; a file is served only under a known extension, with the content type
 * of that extension. The SDK (~1 MB of JavaScript) is loaded on first use, so a server on local
 * disk never loads it. Every request has a connect timeout and a timeout for its answer
 * (`S3_TIMEOUT_MS`); the SDK's retries (3 attempts, back-off) apply to each call.
 */
export const createS3Storage = (settings: S3Settings): Storage => {
  const bucket = settings.S3_BUCKET;
  if (!bucket) throw new Error('S3 storage needs a bucket (S3_BUCKET).');
  let client: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;
  const connect = () => {
    client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.S3_REGION,
        endpoint: settings.S3_ENDPOINT,
        forcePathStyle: settings.S3_FORCE_PATH_STYLE,
        credentials:
          settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
            : undefined,
        requestHandler: {
          connectionTimeout: settings.S3_TIMEOUT_MS,
          requestTimeout: settings.S3_TIMEOUT_MS,
          throwOnRequestTimeout: true,
        },
        // Checksums only where the operation requires one: several S3-compatible servers refuse
        // the CRC headers the SDK would otherwise add to every upload.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return client;
  };

  return {
    put: async (key, data, contentType) => {
      if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    get: async (key) => {
      const contentType = contentTypeOf(key);
      if (!isValidKey(key) || !contentType) return null;
      const { sdk, s3 } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return { body: object.Body, size: object.ContentLength ?? 0, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    delete: async (key) => {
      if (!isValidKey(key)) return;
      const { sdk, s3 } = await connect();
      try {
        await s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 for a missing key; a server that says 404 means the same.
        if (!isMissing(error)) throw error;
      }
    },
  };
};
