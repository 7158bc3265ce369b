import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.js';
import { LocalFileStorage } from '../lib/storage/local-storage.js';
import type { FileStorage } from '../lib/storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** The AWS SDK is large; it is loaded only when S3 is configured. */
export async function createStorage(config: Config, secret: string): Promise<FileStorage> {
  if (config.S3_BUCKET) {
    const { S3FileStorage } = await import('../lib/storage/s3-storage.js');
    return new S3FileStorage(config.S3_BUCKET, {
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return new LocalFileStorage(path.join(config.dataDir, 'files'), secret, config.PUBLIC_URL ?? '');
}

export default fp(
  async function storage(app: FastifyInstance, opts: { storage: FileStorage }) {
    app.decorate('storage', opts.storage);
    app.addHook('onClose', async () => opts.storage.close?.());
  },
  { name: 'storage' },
);
