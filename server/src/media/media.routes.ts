import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/index.ts";
import { findImageByKey } from "./images.repository.ts";
import type { MediaStorage } from "./storage.ts";

const KEY = /^[0-9a-f]{64}\.(?:jpg|png|webp)$/;

/**
 * `GET /media/<sha256>.<ext>`: an uploaded image (D146). The name is the bytes' digest, so the reply never
 * changes: a year's `immutable` cache. Only images the table knows are served, with the type read from
 * their bytes at upload, whatever lies in the storage beside them.
 */
export const mediaRoutes =
  ({ db, storage }: { db: Db; storage: MediaStorage }): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { key: string } }>(
      "/media/:key",
      { schema: { hide: true } },
      async (request, reply) => {
        const { key } = request.params;
        const image = KEY.test(key) ? await findImageByKey(db, key) : undefined;
        const body = image ? await storage.get(key) : null;
        if (!image || !body) {
          return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found");
        }
        return (
          reply
            .header("content-type", image.contentType)
            .header("cache-control", "public, max-age=31536000, immutable")
            .header("etag", `"${key.split(".")[0]}"`)
            // The school's existing front end on another origin shows these images too.
            .header("cross-origin-resource-policy", "cross-origin")
            .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength))
        );
      },
    );
  };
