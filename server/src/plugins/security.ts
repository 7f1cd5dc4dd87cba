import type { IncomingMessage, ServerResponse } from "node:http";
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

export type SecurityOptions = {
  corsOrigins: string[];
  sentryDsn?: string | undefined;
  /**
   * PayPal's JS SDK address (`PAYPAL_SDK_URL`, what `GET /api/v2/payments/config/` tells the web). When set, the
   * checkout may load PayPal's script, frames and API calls, and those of the SDK's own origin (the tests' stand-in).
   */
  paymentSdkUrl?: string | undefined;
};

/** The origin of a configured URL, or nothing when there is none (or it is no URL). */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * PayPal's hosts for the JS SDK v5 buttons (PayPal's CSP guidance): the script and its frames come from
 * *.paypal.com, assets from *.paypalobjects.com. No 'unsafe-inline' for scripts: the SDK works without it.
 */
const PAYPAL_HOSTS = ["https://*.paypal.com", "https://*.paypalobjects.com"];

/** The Content-Security-Policy directives the SPA works under; exported for its test. */
export function contentSecurityDirectives(options: Pick<SecurityOptions, "sentryDsn" | "paymentSdkUrl">) {
  const payment = options.paymentSdkUrl
    ? [...new Set([...PAYPAL_HOSTS, ...originOf(options.paymentSdkUrl)])]
    : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", ...payment],
    styleSrc: ["'self'", "'unsafe-inline'", ...payment],
    imgSrc: ["'self'", "data:", "blob:", ...payment],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...originOf(options.sentryDsn), ...payment],
    workerSrc: ["'self'", "blob:"],
    frameSrc: ["'self'", ...payment],
    upgradeInsecureRequests: null,
  };
}

/** Helmet's middleware with the shop's options; exported for its test. */
export function securityMiddleware(options: Pick<SecurityOptions, "sentryDsn" | "paymentSdkUrl">) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(options),
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

/**
 * Security headers with a Content-Security-Policy the SPA works under (no inline scripts; inline styles
 * are allowed because Radix positions popovers with style attributes; PayPal's hosts when a PayPal SDK address
 * is configured), and CORS with credentials for the
 * configured origins so a front end on another origin (the school's existing one) can call the API.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  // Helmet's middleware is built once (D416) and run once, here, on a recorder: its headers do not depend
  // on the request (no nonces, no per-route options), so every reply gets the recorded set through Fastify's
  // own headers (D434). Run on every request, its twelve middlewares and `setHeader` calls took about a tenth
  // of a current-order read's CPU, and any raw `setHeader` sends Node's reply down its slower path.
  const securityHeaders = recordedHeaders(securityMiddleware(options));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(cors, {
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowedHeaders: ["Authorization", "Content-Type", "X-CSRFToken", "Accept", "Accept-Language"],
    // The back office's lists carry their total in Content-Range (D97), which a script may read only if exposed.
    exposedHeaders: ["Content-Range"],
    maxAge: 600,
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a (req, res, next) middleware sets on a reply, recorded once: names lower-cased, a header it
 * removes left out. Only for a middleware whose headers do not depend on the request, that sets them before
 * it calls `next` and never writes the reply; anything else fails here, at start.
 */
export function recordedHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error("the security headers' middleware did not finish at once");
  return headers;
}
