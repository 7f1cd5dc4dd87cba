import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/index.ts";

/** Deeper than any payload of the shop (cart items, PayPal approval data are 3–4 levels). */
export const MAX_INPUT_DEPTH = 32;

const NON_FIELD = "non_field_errors";

/** A UTF-16 surrogate without its partner: not encodable as UTF-8, so the database refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL cannot store or compare NUL or unpaired surrogates and fails the whole query. */
function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

export type InputProblem = { field: string; code: "invalid" | "too_deep" };

/**
 * The first problem in a request input: a string (value or key) the database cannot store, or nesting
 * deeper than MAX_INPUT_DEPTH. Walks with an explicit stack, so a hostile depth cannot overflow ours.
 */
export function findInputProblem(input: unknown): InputProblem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === "string") {
      if (!isStorableText(value)) return { field: path || NON_FIELD, code: "invalid" };
      continue;
    }
    // Raw bytes (an image upload, D146) are no text to store: their route checks them itself.
    if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: NON_FIELD, code: "too_deep" };
    // Pushed in reverse, so the first field of the input is reported first.
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i] as [string, unknown];
      const innerPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { field: innerPath, code: "invalid" };
      stack.push({ value: inner, path: innerPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Every request input is checked once here, before any route's validation: text PostgreSQL cannot hold
 * (NUL, lone surrogates) gets a 400 naming the field instead of a failing query, the same on PGlite and
 * PostgreSQL; absurdly deep JSON gets a 400 before a recursive validator could overflow the stack.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const problem =
      findInputProblem(request.params) ?? findInputProblem(request.query) ?? findInputProblem(request.body);
    if (problem) throw AppError.validation(problem.field, problem.code);
  });
}
