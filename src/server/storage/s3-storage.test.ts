import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fixedClock } from '../core/clock';
import { insertProduct } from '../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../test/factories';
import { multipartForm } from '../test/multipart';
import { createTestApp } from '../test/test-app';
import { parseS3Url, S3Storage } from './s3-storage';

// s3rver knows one account, access key S3RVER. It reads the Signature V4 header (and refuses an unknown
// key) but does not recompute the signature, so the signing itself is aws4fetch's, as used with AWS and R2.
let server: S3rver;
let directory: string;
let endpoint: string;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'hedgerow-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'hedgerow' }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  await fs.rm(directory, { recursive: true, force: true });
});

const storageAt = (url: string) => {
  const location = parseS3Url(url);
  if (typeof location === 'string') throw new Error(location);
  return new S3Storage(location);
};

describe('S3Storage', () => {
  it('stores, reads and removes a file in the bucket, under the folder S3_URL names', async () => {
    const storage = storageAt(`${endpoint.replace('//', '//S3RVER:S3RVER@')}/hedgerow/uploads`);
    const key = await storage.put('product-images', 'png', png);
    expect(key).toMatch(/^product-images\/[0-9a-f-]{36}\.png$/);
    expect((await storage.get(key))?.equals(png)).toBe(true);
    // The object is where the URL said: the bucket, then the folder, then the key.
    const files = await fs.readdir(directory, { recursive: true });
    expect(files.some((file) => file.startsWith(path.join('hedgerow', 'uploads', 'product-images')))).toBe(
      true,
    );

    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await storage.remove(key);
  });

  it("fails with the service's answer when the credentials are refused, and never takes a key it did not make", async () => {
    const storage = storageAt(`${endpoint.replace('//', '//UNKNOWN:S3RVER@')}/hedgerow`);
    await expect(storage.put('product-images', 'png', png)).rejects.toThrow(/answered 403/);
    await expect(
      storageAt(`${endpoint.replace('//', '//S3RVER:S3RVER@')}/hedgerow`).get('../etc/passwd'),
    ).rejects.toThrow('Not a storage key');
  });

  it('reads S3_URL, and refuses one without a bucket or credentials', () => {
    expect(
      parseS3Url('https://AKIA:s%2Fecret@s3.eu-west-1.amazonaws.com/photos/hedgerow?region=eu-west-1'),
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'photos',
      prefix: 'hedgerow',
      region: 'eu-west-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 's/ecret',
    });
    expect(() => loadConfig({ S3_URL: 'https://s3.amazonaws.com/photos' })).toThrow(
      /S3_URL: must carry the access key/,
    );
    expect(() => loadConfig({ S3_URL: 'https://k:s@s3.amazonaws.com' })).toThrow(
      /S3_URL: must name the bucket/,
    );
  });

  it('with S3_URL, the app keeps product photos in the bucket and serves them from there', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hedgerow-s3-app-'));
    const t = await createTestApp({
      config: { dataDir, s3Url: `${endpoint.replace('//', '//S3RVER:S3RVER@')}/hedgerow/app` },
      // The photo's day is read against this day, whatever day the suite runs.
      clock: fixedClock('2026-11-22T15:00:00Z'),
    });
    try {
      const supplier = await insertOrganization(t.db);
      const branch = await insertBranch(t.db, supplier.id);
      const token = await tokenFor(t.db, (await insertUser(t.db, { organizationId: supplier.id })).id);
      const product = await insertProduct(t.db);
      const { payload, contentType } = multipartForm([{ field: 'photos', filename: 'yard.png', data: png }], {
        pictureTakenOn: '11/02/2026',
        public: 'true',
        branchId: String(branch.id),
      });
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${product.id}/images`,
        headers: { ...bearer(token), 'content-type': contentType, 'x-client-date': '2026-11-22' },
        payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const file = await t.app.inject({ method: 'GET', url: uploaded.json().results[0].image.url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(png)).toBe(true);
      // Nothing went to the local folder.
      await expect(fs.readdir(path.join(dataDir, 'uploads'))).rejects.toThrow(/ENOENT/);
    } finally {
      await t.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
