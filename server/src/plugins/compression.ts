import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Replies smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli's quality for replies compressed as they are sent: fast, as they are made per request. */
export const BROTLI_QUALITY = 4;

/**
 * Compresses dynamic replies (pages, API JSON) for clients that ask for it. Built assets are sent
 * precompressed by the SPA plugin, so brotli here runs at a fast quality level.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
