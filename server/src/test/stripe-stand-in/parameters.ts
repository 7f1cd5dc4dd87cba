import type { Json, Reply } from "./store.ts";

/**
 * How the Stripe stand-in reads a request and refuses one, as Stripe does: form bodies in bracket
 * notation, unknown parameters named in the error, errors in Stripe's `{ error: { type, message, code,
 * param } }` shape. Each resource module declares the parameters it knows with a `Shape`.
 */

/**
 * `a[b][0][c]=x` into nested objects and arrays, as Stripe reads form bodies and query strings (the
 * official clients send arrays with indices, `expand[0]=…`; `expand[]=…` appends).
 */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Json | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[index + 1] ?? "");
      const slot = Array.isArray(node) && part === "" ? String(node.length) : part;
      const container = node as Record<string, unknown>;
      if (last) container[slot] = value;
      else container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Json | unknown[];
    });
  }
  return root;
}

/**
 * The parameters the stand-in knows, as Stripe's reference lists them for the calls the shop makes
 * (`true`: a value; an object: its own parameters; `"map"`: free keys, as `metadata`; `"list"`: values).
 */
export type Shape = true | "map" | "list" | { [key: string]: Shape } | [Shape];

/** What every retrieve takes. */
export const RETRIEVE: Shape = { expand: "list" };

/** The first parameter of `value` that `shape` does not know, in Stripe's bracket notation. */
export function unknownParameter(value: unknown, shape: Shape, path: string): string | undefined {
  if (shape === true || shape === "map") return undefined;
  if (shape === "list") return Array.isArray(value) ? undefined : path;
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return path;
    for (const [index, entry] of value.entries()) {
      const found = unknownParameter(entry, shape[0], `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return path || undefined;
  for (const [key, entry] of Object.entries(value)) {
    const name = path ? `${path}[${key}]` : key;
    const inner = shape[key];
    if (inner === undefined) return name;
    const found = unknownParameter(entry, inner, name);
    if (found) return found;
  }
  return undefined;
}

export const stripeError = (status: number, error: Json): Reply => ({ status, body: { error } });

/** Stripe's 400 `invalid_request_error`, with the code and the parameter it names when it names one. */
export const invalid = (message: string, code?: string, param?: string): Reply =>
  stripeError(400, {
    type: "invalid_request_error",
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

/** One endpoint of the API: the parameters it knows and what it does with a request that passed them. */
export type Route = {
  method: "GET" | "POST" | "DELETE";
  path: RegExp;
  shape: Shape;
  run(match: RegExpExecArray, body: Json): Reply;
};
