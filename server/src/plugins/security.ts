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

/**
 * Security headers with a Content-Security-Policy the SPA works under (no inline scripts; inline styles
 * are allowed because Radix positions popovers with style attributes; PayPal's hosts when a PayPal SDK address
 * is configured), and CORS with credentials for the
 * configured origins so a front end on another origin (the school's existing one) can call the API.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  // Helmet's middleware is built once and its headers set on every reply. @fastify/helmet built it anew for
  // every request (about 10 µs: parsing the options, writing the policy), a few per cent of a cheap read (D416).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(options),
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
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
