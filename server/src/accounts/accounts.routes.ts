import { setTimeout as sleep } from "node:timers/promises";
import {
  ACCOUNT_MESSAGES,
  type AccountMessage,
  DetailReplySchema,
  EMAIL_CONFIRMED_QUERY,
  EmailChangeConfirmReplySchema,
  EmailChangeConfirmSchema,
  EmailChangeReplySchema,
  EmailChangeRequestSchema,
  type Locale,
  LocaleQuerySchema,
  PasswordChangeRequestSchema,
  PasswordResetConfirmRequestSchema,
  PasswordResetRequestSchema,
  ProfileUpdateRequestSchema,
  ResendVerificationRequestSchema,
  SignInRequestSchema,
  SignUpReplySchema,
  SignUpRequestSchema,
  SSO_PROVIDERS,
  SsoCodeRequestSchema,
  SsoConfigReplySchema,
  TokenReplySchema,
  UserSchema,
  VerifyEmailQuerySchema,
  VerifyEmailReplySchema,
  VerifyEmailRequestSchema,
} from "@atelier/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DeferredWork } from "../common/index.ts";
import type { Env } from "../config/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { mailLocale } from "../i18n/index.ts";
import { currentUser, requireUser, signInRefusal } from "../plugins/index.ts";
import { type AccountsEnv, type AccountsService, createAccountsService } from "./accounts.service.ts";
import { authRateLimits } from "./auth-rate-limits.ts";
import { SIGN_UP_DJANGO_MESSAGES } from "./django-messages.ts";

/**
 * Password reset and resend answer this long after the request arrived, not sooner (D204). Their lookup and
 * mail run after the reply (deferred work) for known and unknown addresses alike; the floor, far above what
 * the request itself does, keeps the reply's time the same whether or not that work found an account and
 * whatever it costs the process meanwhile (a mail rendered, an embedded database busy).
 */
export const MAIL_REQUEST_REPLY_MS = 120;

async function answerAtFloor(reply: FastifyReply): Promise<void> {
  const wait = MAIL_REQUEST_REPLY_MS - reply.elapsedTime;
  if (wait > 0) await sleep(wait);
}

export type AccountsRoutesDeps = {
  db: Db;
  env: AccountsEnv & Pick<Env, "AUTH_RATE_LIMIT_PER_MINUTE">;
  deferred: DeferredWork;
};

const TAGS = ["users"];
const AUTHENTICATED = [{ tokenAuth: [] }];

function message(key: AccountMessage, locale: Locale) {
  return { detail: ACCOUNT_MESSAGES[key][locale] };
}

/** The language of the mail a request sends: its `locale`, else the browser's language (D214). */
const localeOfMail = (request: FastifyRequest) =>
  mailLocale({
    query: request.query,
    acceptLanguage: request.headers["accept-language"],
    requestLocale: request.locale,
  });

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Requests for a change link one account may make within an hour (D581), refused ones included. Each sends
 * a mail naming the parent to an address the session chooses: beside the per-minute bounds per client
 * address and per inbox, an account of one's own cannot send them to one address after another. A family
 * that mistypes its new address a few times stays far below it.
 */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 10;
/** What each group of routes is registered with: the service, the web app's origin, the rate limits. */
type Registration = { accounts: AccountsService; webUrl: string; limit: ReturnType<typeof authRateLimits> };

/** The user calls of spec §7 (payloads as in api-shapes.md "Users"), registered per group below. */
export const accountsRoutes =
  (deps: AccountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const registration = {
      accounts: createAccountsService(deps.db, deps.env, deps.deferred),
      webUrl: deps.env.WEB_URL.replace(/\/$/, ""),
      limit: authRateLimits(app, deps.env.AUTH_RATE_LIMIT_PER_MINUTE),
    };
    registrationRoutes(app, registration);
    passwordRoutes(app, registration);
    profileRoutes(app, registration);
    ssoRoutes(app, registration);
  };

/** Sign-up, sign-in and the e-mail verification. */
function registrationRoutes(app: App, { accounts, webUrl, limit }: Registration) {
  app.post(
    "/api/v2/users/sign_up/",
    {
      config: { legacyMessages: SIGN_UP_DJANGO_MESSAGES },
      preValidation: limit("sign_up"),
      schema: {
        tags: TAGS,
        summary:
          "Register and sign in this browser (`key`); a verification mail is sent, whose link leads back to `next`. Password sign-in elsewhere works once the address is verified",
        querystring: LocaleQuerySchema,
        body: SignUpRequestSchema,
        response: { 201: SignUpReplySchema },
      },
    },
    async (request, reply) => {
      const { email, key } = await accounts.signUp(request.body, localeOfMail(request));
      return reply.status(201).send({ ...message("verification_sent", request.locale), email, key });
    },
  );

  app.post(
    "/api/v2/users/sign_in/",
    {
      preValidation: limit("sign_in"),
      schema: {
        tags: TAGS,
        summary: "Sign in with e-mail and password; `key` is the token",
        querystring: LocaleQuerySchema,
        body: SignInRequestSchema,
        response: { 200: TokenReplySchema },
      },
    },
    async (request) => accounts.signIn(request.body),
  );

  app.get(
    "/api/v2/users/verify_email/",
    {
      schema: {
        tags: TAGS,
        summary: "The link of the verification mail: verifies the address and redirects to the shop",
        querystring: VerifyEmailQuerySchema,
      },
    },
    async (request, reply) => {
      const result = await accounts.verifyEmail(request.query.uid, request.query.token);
      // The web app opens the sign-in dialog on ?email=confirmed (spec §2).
      const target = new URL(`${webUrl}/`);
      target.searchParams.set(
        "email",
        result.verified ? EMAIL_CONFIRMED_QUERY.confirmed : EMAIL_CONFIRMED_QUERY.invalid,
      );
      target.searchParams.set("locale", request.query.locale ?? result.locale ?? request.locale);
      return reply.redirect(target.href, 302);
    },
  );

  app.post(
    "/api/v2/users/verify_email/",
    {
      // A password may be checked here: counted with the sign-ins (D540).
      preValidation: limit("sign_in"),
      schema: {
        tags: TAGS,
        summary:
          "The shop page of the verification link posts its uid and token: verifies the address and signs this browser in (one-time)",
        querystring: LocaleQuerySchema,
        body: VerifyEmailRequestSchema,
        response: { 200: VerifyEmailReplySchema },
      },
    },
    async (request) => {
      // The registering browser's own session proves the sign-up's password; elsewhere it is asked (D540).
      const caller = await request.server.authenticateRequest(request);
      return accounts.verifyEmailAndSignIn(request.body.uid, request.body.token, {
        callerId: caller?.id ?? null,
        password: request.body.password,
      });
    },
  );

  app.post(
    "/api/v2/users/resend_verification/",
    {
      preValidation: limit("resend_verification"),
      schema: {
        tags: TAGS,
        summary: "Sends the verification mail again (same reply whether or not the e-mail is registered)",
        querystring: LocaleQuerySchema,
        body: ResendVerificationRequestSchema,
        response: { 200: DetailReplySchema },
      },
    },
    async (request, reply) => {
      accounts.resendVerification(request.body.email, localeOfMail(request), request.body.next);
      await answerAtFloor(reply);
      return message("verification_resent", request.locale);
    },
  );
}

/** Password reset, its confirmation, and a change. */
function passwordRoutes(app: App, { accounts, limit }: Registration) {
  app.post(
    "/api/v2/users/auth/password/reset/",
    {
      preValidation: limit("password_reset"),
      schema: {
        tags: TAGS,
        summary: "Mails a password reset link (same reply whether or not the e-mail is registered)",
        querystring: LocaleQuerySchema,
        body: PasswordResetRequestSchema,
        response: { 200: DetailReplySchema },
      },
    },
    async (request, reply) => {
      accounts.requestPasswordReset(request.body.email, localeOfMail(request));
      await answerAtFloor(reply);
      return message("password_reset_sent", request.locale);
    },
  );

  app.post(
    "/auth/password/reset/confirm/",
    {
      preValidation: limit("password_reset"),
      schema: {
        tags: TAGS,
        summary: "Sets a new password with the uid and token of the reset link; signs out every session",
        querystring: LocaleQuerySchema,
        body: PasswordResetConfirmRequestSchema,
        response: { 200: DetailReplySchema },
      },
    },
    async (request) => {
      await accounts.confirmPasswordReset(request.body);
      return message("password_reset_done", request.locale);
    },
  );

  app.post(
    "/api/v2/users/auth/password/change/",
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "Sets a new password; other sessions are signed out, this one stays",
        security: AUTHENTICATED,
        querystring: LocaleQuerySchema,
        body: PasswordChangeRequestSchema,
        response: { 200: DetailReplySchema },
      },
    },
    async (request) => {
      await accounts.changePassword(currentUser(request), request.body);
      return message("password_changed", request.locale);
    },
  );
}

/** The signed-in parent: profile and logout. */
function profileRoutes(app: App, { accounts, limit }: Registration) {
  const changesPerAccount = app.createRateLimit({
    max: EMAIL_CHANGE_REQUESTS_PER_HOUR,
    timeWindow: "1 hour",
    keyGenerator: (request) => `email_change:user:${currentUser(request).id}`,
  });
  app.get(
    "/api/v2/users/me/",
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "The signed-in user",
        security: AUTHENTICATED,
        querystring: LocaleQuerySchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => accounts.getUser(currentUser(request)),
  );

  app.patch(
    "/api/v2/users/add_profile_info/",
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary:
          "Changes any subset of the profile fields; the e-mail is changed by `POST /api/v2/users/me/email/`",
        security: AUTHENTICATED,
        querystring: LocaleQuerySchema,
        body: ProfileUpdateRequestSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => accounts.updateProfile(currentUser(request), request.body),
  );

  app.post(
    "/api/v2/users/me/email/",
    {
      // It sends mail to the address given: bounded per address and per inbox as a resend is, and per
      // account by the hour (D581).
      preValidation: [requireUser, limit("resend_verification")],
      preHandler: async (request, reply) => {
        const counted = await changesPerAccount(request);
        if (!counted.isAllowed && counted.isExceeded) {
          reply.header("retry-after", String(counted.ttlInSeconds));
          throw new AppError("throttled", 429);
        }
      },
      schema: {
        tags: TAGS,
        summary:
          "Moves the account to a new e-mail address: the new address gets a link, and the account moves when it is opened (D577)",
        security: AUTHENTICATED,
        querystring: LocaleQuerySchema,
        body: EmailChangeRequestSchema,
        response: { 202: EmailChangeReplySchema },
      },
    },
    async (request, reply) => {
      const sent = await accounts.requestEmailChange(
        currentUser(request),
        request.body.email,
        localeOfMail(request),
      );
      return reply.status(202).send({ ...message("email_change_sent", request.locale), ...sent });
    },
  );

  app.post(
    "/api/v2/users/me/email/confirm/",
    {
      preValidation: limit("password_reset"),
      schema: {
        tags: TAGS,
        summary:
          "The shop page of the change link posts its uid and token with the account's own session: the account moves to the new address (one-time)",
        querystring: LocaleQuerySchema,
        body: EmailChangeConfirmSchema,
        response: { 200: EmailChangeConfirmReplySchema },
      },
    },
    async (request) => {
      // Only the account's own session moves it (D577); a guest or another account is asked to sign in. A
      // session sent but no longer valid is a 401, so the page asks to sign in again rather than naming
      // another account.
      const caller = await request.server.authenticateRequest(request);
      if (!caller && request.headers.authorization) throw signInRefusal(request);
      return {
        ...message("email_changed", request.locale),
        ...(await accounts.confirmEmailChange(request.body, caller?.id ?? null)),
      };
    },
  );

  app.post(
    "/api/v2/users/logout/",
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "Revokes the token of this request",
        security: AUTHENTICATED,
        querystring: LocaleQuerySchema,
        response: { 204: z.null().describe("Signed out") },
      },
    },
    async (request, reply) => {
      await accounts.logout(currentUser(request));
      return reply.status(204).send(null);
    },
  );
}

/** Single sign-on: the providers' settings and signing in with a code. */
function ssoRoutes(app: App, { accounts, limit }: Registration) {
  app.get(
    "/api/v2/users/auth/sso/config/",
    {
      schema: {
        tags: TAGS,
        summary: "Client ids and authorization pages of Google and Facebook (null when not configured)",
        querystring: LocaleQuerySchema,
        response: { 200: SsoConfigReplySchema },
      },
    },
    async () => accounts.ssoConfig(),
  );

  for (const provider of SSO_PROVIDERS) {
    app.post(
      `/api/v2/users/auth/sso/${provider}/`,
      {
        preValidation: limit("sign_in"),
        schema: {
          tags: TAGS,
          summary: `Sign in with the authorization code from ${provider === "google" ? "Google" : "Facebook"}`,
          querystring: LocaleQuerySchema,
          body: SsoCodeRequestSchema,
          response: { 200: TokenReplySchema },
        },
      },
      async (request) => accounts.ssoSignIn(provider, request.body.code, request.locale),
    );
  }
}
