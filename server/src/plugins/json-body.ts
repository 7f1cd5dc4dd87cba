import type { FastifyInstance } from "fastify";

/** JSON is UTF-8 (RFC 8259 § 8.1): bytes that are not are refused, never stored as U+FFFD (D484). */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body is no body:
 * clients such as the school's axios send `content-type: application/json` with nothing on a bodiless
 * POST (logout), which Fastify's own parser answers with 400. Routes that need a body still get their
 * validation error ("required"). A body that is not valid UTF-8 is a 400 `parse_error` and writes nothing:
 * decoding it leniently turned a name's broken bytes into "A��B" in the parent's profile and staff's lists.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(Object.assign(new Error("request body is not UTF-8"), { statusCode: 400 }), undefined);
    }
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}
