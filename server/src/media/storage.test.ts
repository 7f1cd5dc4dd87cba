import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AwsClient } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../test/images.ts";
import { type S3StandIn, startS3StandIn } from "../test/s3-stand-in.ts";
import { folderStorage, mediaStorageFrom, s3Storage } from "./storage.ts";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let bucket: S3StandIn;
beforeAll(async () => {
  bucket = await startS3StandIn();
});
afterAll(() => bucket?.close());

const config = () => ({
  endpoint: bucket.url,
  bucket: bucket.bucket,
  accessKeyId: bucket.accessKeyId,
  secretAccessKey: bucket.secretAccessKey,
  region: bucket.region,
});

describe("media storage (D146)", () => {
  it("keeps bytes in a folder and finds nothing under an unknown key", async () => {
    const storage = folderStorage(join(mkdtempSync(join(tmpdir(), "media-")), "media"));
    const png = makePng(2, 2);
    await storage.put("a.png", png, "image/png", sha(png));
    expect(Buffer.from((await storage.get("a.png")) ?? [])).toEqual(png);
    expect(await storage.get("b.png")).toBeNull();
  });

  it("stores in and reads from an S3 bucket through signed requests", async () => {
    const storage = s3Storage(config());
    const png = makePng(3, 1, 7);
    await storage.put("c.png", png, "image/png", sha(png));
    expect(bucket.objects.get("c.png")).toEqual({ body: png, contentType: "image/png" });
    expect(Buffer.from((await storage.get("c.png")) ?? [])).toEqual(png);
    expect(await storage.get("nothing.png")).toBeNull();
  });

  it("is refused by the bucket with a wrong secret, and no object is written", async () => {
    const storage = s3Storage({ ...config(), secretAccessKey: "not-the-secret" });
    const png = makePng(1, 1, 9);
    await expect(storage.put("d.png", png, "image/png", sha(png))).rejects.toThrow(/403/);
    expect(bucket.objects.has("d.png")).toBe(false);
    expect(bucket.log.at(-1)).toMatchObject({ method: "PUT", status: 403 });
  });

  it("the stand-in refuses a request without auth, a forged signature and a body that is not the signed one", async () => {
    const target = `${bucket.url}/${bucket.bucket}/e.png`;
    expect((await fetch(target, { method: "PUT", body: "x" })).status).toBe(403);
    const client = new AwsClient({ ...config(), service: "s3" });
    const signed = await client.sign(target, {
      method: "PUT",
      body: "right",
      headers: { "x-amz-content-sha256": sha(Buffer.from("right")) },
    });
    const forged = new Headers(signed.headers);
    forged.set(
      "authorization",
      (forged.get("authorization") ?? "").replace(/Signature=[0-9a-f]{64}/, `Signature=${"0".repeat(64)}`),
    );
    expect((await fetch(target, { method: "PUT", headers: forged, body: "right" })).status).toBe(403);
    expect((await fetch(target, { method: "PUT", headers: signed.headers, body: "wrong" })).status).toBe(400);
    expect(bucket.objects.has("e.png")).toBe(false);
    expect((await fetch(target, { method: "PUT", headers: signed.headers, body: "right" })).status).toBe(200);
  });

  it("uses a bucket only when all four settings are given, and refuses half of them", () => {
    expect(mediaStorageFrom({ DATA_DIR: "/tmp/x", S3_REGION: "us-east-1" }).kind).toBe("folder");
    const all = {
      DATA_DIR: "/tmp/x",
      S3_ENDPOINT: bucket.url,
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      S3_REGION: "us-east-1",
    };
    expect(mediaStorageFrom(all).kind).toBe("s3");
    expect(() => mediaStorageFrom({ ...all, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/together/);
  });
});
