import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AwsClient } from "aws4fetch";

/** Where uploaded images' bytes live (D146): a folder under DATA_DIR, or an S3-compatible bucket. */
export interface MediaStorage {
  readonly kind: "folder" | "s3";
  /** Stores `body` under `key`; keys are content-addressed, so storing one twice writes the same bytes. */
  put(key: string, body: Uint8Array, contentType: string, sha256: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Uint8Array | null>;
}

/** A folder (DATA_DIR/media by default): written to a temporary name and renamed, so no half file is read. */
export function folderStorage(dir: string): MediaStorage {
  return {
    kind: "folder",
    async put(key, body) {
      await mkdir(dir, { recursive: true });
      const temporary = join(dir, `.${key}.${process.pid}.${Date.now()}.tmp`);
      await writeFile(temporary, body);
      await rename(temporary, join(dir, key));
    },
    async get(key) {
      try {
        return await readFile(join(dir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
  };
}

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

/**
 * An S3-compatible bucket (AWS, MinIO, Hetzner, Cloudflare R2 …), path-style addressing, each request signed
 * with AWS Signature V4 by aws4fetch; the body's SHA-256 is signed too, so the bucket refuses altered bytes.
 */
export function s3Storage(config: S3Config): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    retries: 2,
  });
  const url = (key: string) =>
    `${config.endpoint.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}/${encodeURIComponent(key)}`;
  return {
    kind: "s3",
    async put(key, body, contentType, sha256) {
      const response = await client.fetch(url(key), {
        method: "PUT",
        body,
        headers: { "content-type": contentType, "x-amz-content-sha256": sha256 },
      });
      if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}`);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await client.fetch(url(key), { method: "GET" });
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw new Error(`S3 GET ${key} answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

/** The storage the settings name: a bucket when S3_BUCKET is set, else the folder DATA_DIR/media. */
export function mediaStorageFrom(settings: {
  DATA_DIR: string;
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_REGION: string;
}): MediaStorage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = settings;
  const named = [S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  // Half a bucket's settings is a mistake to see at start-up, not a shop that silently writes to a folder.
  if (named > 0 && named < 4)
    throw new Error(
      "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
    );
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY)
    return s3Storage({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      region: settings.S3_REGION,
    });
  return folderStorage(join(settings.DATA_DIR, "media"));
}
