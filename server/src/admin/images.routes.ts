import { AdminImageSchema, IMAGE_MAX_BYTES, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { AppError, ErrorReplySchema } from "../errors/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { currentUser } from "../plugins/index.ts";
import { createImagesAdmin, IMAGE_FIELD } from "./images.service.ts";

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema };

/**
 * `POST /api/v2/admin/images/` (D146): the body is the file's bytes, whatever Content-Type the browser
 * names (the bytes say what it is). Only this route reads raw bodies, and only it takes up to 5 MB; every
 * other route keeps the app's 1 MB JSON limit. Registered inside `adminRoutes`, so `requireStaff` runs on
 * request, before a byte of the body is read.
 */
export const imagesAdminRoutes =
  ({ db, storage }: { db: Db; storage: MediaStorage }): FastifyPluginAsyncZod =>
  async (app) => {
    const images = createImagesAdmin(db, storage);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      "/api/v2/admin/images/",
      {
        bodyLimit: IMAGE_MAX_BYTES,
        // A file over the limit is the form's field error, like a wrong type, not a bare 413.
        errorHandler(error: FastifyError) {
          if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
            throw AppError.validation(IMAGE_FIELD, "image_too_large");
          throw error;
        },
        schema: {
          tags: ["admin"],
          security: [{ tokenAuth: [] }],
          summary: "Upload a JPEG, PNG or WebP image (the body is the file, up to 5 MB)",
          querystring: LocaleQuerySchema,
          response: { 200: AdminImageSchema, 201: AdminImageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { image, created } = await images.upload(currentUser(request), request.body);
        return reply.status(created ? 201 : 200).send(image);
      },
    );
  };
