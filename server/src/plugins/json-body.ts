import type { FastifyInstance } from "fastify";

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body is no body:
 * clients such as the school's axios send `content-type: application/json` with nothing on a bodiless
 * POST (logout), which Fastify's own parser answers with 400. Routes that need a body still get their
 * validation error ("required").
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}
