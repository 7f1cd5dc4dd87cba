import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export type SecurityOptions = { corsOrigins: string[]; sentryDsn?: string | undefined };

/** Origins the browser may talk to besides our own: the monitoring endpoint when configured. */
function monitoringOrigin(dsn: string | undefined): string[] {
  if (!dsn) return [];
  try {
    return [new URL(dsn).origin];
  } catch {
    return [];
  }
}

/**
 * Security headers with a Content-Security-Policy the SPA works under (no inline scripts; inline styles
 * are allowed because Radix positions popovers with style attributes), and CORS with credentials for the
 * configured origins so a front end on another origin (the school's existing one) can call the API.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...monitoringOrigin(options.sentryDsn)],
        workerSrc: ["'self'", "blob:"],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(cors, {
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowedHeaders: ["Authorization", "Content-Type", "X-CSRFToken", "Accept", "Accept-Language"],
    maxAge: 600,
  });
}
