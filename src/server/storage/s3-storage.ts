import { AwsClient } from 'aws4fetch';
import { checkStorageKey, type FileStorage, newStorageKey } from './file-storage';

/** Where an S3-compatible bucket is, read from S3_URL (see `parseS3Url`). */
export type S3Location = {
  /** The service's origin, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  /** Folder inside the bucket that every key goes under ('' for the bucket's root). */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * Reads `http(s)://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/folder][?region=…]`: path-style addressing,
 * which AWS, MinIO, Cloudflare R2, Backblaze B2 and others all answer. Region defaults to us-east-1.
 * Returns a message instead when the URL lacks a part.
 */
export function parseS3Url(value: string): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL such as https://KEY:SECRET@s3.us-east-1.amazonaws.com/bucket';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  if (!url.username || !url.password) return 'must carry the access key and secret as KEY:SECRET@';
  const [bucket, ...folders] = url.pathname.split('/').filter(Boolean);
  if (!bucket) return 'must name the bucket as its path (https://KEY:SECRET@host/bucket)';
  return {
    endpoint: url.origin,
    bucket: decodeURIComponent(bucket),
    prefix: folders.map(decodeURIComponent).join('/'),
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** Files as objects in an S3-compatible bucket (S3_URL), signed with AWS Signature V4. */
export class S3Storage implements FileStorage {
  private readonly client: AwsClient;

  constructor(private readonly location: S3Location) {
    this.client = new AwsClient({
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      region: location.region,
      service: 's3',
      // The app answers with its own error; a retry belongs to whoever asked.
      retries: 0,
    });
  }

  async put(prefix: string, extension: string, data: Buffer): Promise<string> {
    const key = newStorageKey(prefix, extension);
    // An object appears whole when the PUT succeeds, so no reader sees half a file.
    await this.request('PUT', key, data);
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    const response = await this.request('GET', key);
    return response ? Buffer.from(await response.arrayBuffer()) : null;
  }

  async remove(key: string): Promise<void> {
    await this.request('DELETE', key);
  }

  /**
   * A backup (db/backup.ts) copies only the uploads folder, never a bucket: the bucket keeps its own
   * copies (versioning, replication), so there is nothing here for removals to wait for.
   */
  whileRemovalsWait<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** The answer, or null for 404; any other failure throws with the service's status. */
  private async request(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer) {
    const response = await this.client.fetch(this.urlOf(key), {
      method,
      body: body ? new Uint8Array(body) : undefined,
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 300);
      throw new Error(`S3 ${method} ${key} answered ${response.status}: ${detail}`);
    }
    if (method !== 'GET') await response.body?.cancel();
    return response;
  }

  private urlOf(key: string) {
    const { endpoint, bucket, prefix } = this.location;
    const objectKey = prefix ? `${prefix}/${checkStorageKey(key)}` : checkStorageKey(key);
    const encoded = objectKey.split('/').map(encodeURIComponent).join('/');
    return `${endpoint}/${encodeURIComponent(bucket)}/${encoded}`;
  }
}
