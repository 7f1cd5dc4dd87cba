import type { Locale } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { resolveRequestLocale } from "../i18n/index.ts";

declare module "fastify" {
  interface FastifyRequest {
    locale: Locale;
  }
}

export function registerRequestLocale(app: FastifyInstance) {
  app.decorateRequest("locale", "de");
  app.addHook("onRequest", async (request) => {
    request.locale = resolveRequestLocale({
      query: request.query,
      cookieHeader: request.headers.cookie,
      acceptLanguage: request.headers["accept-language"],
    });
  });
}
