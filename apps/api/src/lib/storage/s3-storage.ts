import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  contentDisposition,
  DOWNLOAD_URL_SECONDS,
  type FileStorage,
  UPLOAD_URL_SECONDS,
  withoutQuery,
} from './storage.js';

/** Objects in an S3 bucket, reached through presigned URLs. */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly bucket: string,
    config: S3ClientConfig,
  ) {
    this.client = new S3Client(config);
  }

  uploadUrl(key: string, contentType: string) {
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      {
        expiresIn: UPLOAD_URL_SECONDS,
      },
    );
  }

  downloadUrl(key: string, fileName: string, contentType: string) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(fileName),
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: DOWNLOAD_URL_SECONDS });
  }

  async inspect(key: string, headBytes: number) {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const size = head.ContentLength ?? 0;
      if (size === 0) return { size, head: Buffer.alloc(0) };
      const first = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: `bytes=0-${Math.min(headBytes, size) - 1}`,
        }),
      );
      const bytes = await first.Body!.transformToByteArray();
      return { size, head: Buffer.from(bytes) };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey')
        return null;
      throw err;
    }
  }

  async objectUrl(key: string) {
    const url = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return withoutQuery(url);
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close() {
    this.client.destroy();
  }
}
