import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Google's or Facebook's OAuth 2 endpoints on 127.0.0.1, for tests: it issues authorization
 * codes for a profile, exchanges a code (once) for an access token at the token endpoint, and answers the
 * user-info endpoint for that token. Client credentials are checked from Basic auth or the form body.
 */

export type TestOAuthProfile =
  | {
      kind: "google";
      sub: string;
      email?: string;
      email_verified?: boolean;
      given_name?: string;
      family_name?: string;
    }
  | { kind: "facebook"; id: string; email?: string; first_name?: string; last_name?: string };

export type TestOAuthProvider = {
  /** Base URL of the provider, e.g. http://127.0.0.1:41234 */
  url: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** A fresh authorization code that signs in as `profile` (what the provider puts in the redirect). */
  issueCode(profile: TestOAuthProfile): string;
  /** Token requests received, for assertions on how the client authenticated. */
  tokenRequests: { form: Record<string, string>; basicAuth: boolean }[];
  close(): Promise<void>;
};

export async function startOAuthProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<TestOAuthProvider> {
  const codes = new Map<string, TestOAuthProfile>();
  const accessTokens = new Map<string, TestOAuthProfile>();
  const tokenRequests: TestOAuthProvider["tokenRequests"] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "POST" && url.pathname === "/token") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      let clientId = form.client_id;
      let clientSecret = form.client_secret;
      if (basic) {
        const decoded = Buffer.from(basic, "base64").toString("utf8");
        const colon = decoded.indexOf(":");
        clientId = decodeURIComponent(decoded.slice(0, colon));
        clientSecret = decodeURIComponent(decoded.slice(colon + 1));
      }
      tokenRequests.push({ form, basicAuth: Boolean(basic) });
      if (clientId !== options.clientId || clientSecret !== options.clientSecret)
        return send(res, 401, { error: "invalid_client" });
      if (form.grant_type !== "authorization_code")
        return send(res, 400, { error: "unsupported_grant_type" });
      const profile = form.code ? codes.get(form.code) : undefined;
      if (!profile || form.redirect_uri !== options.redirectUri)
        return send(res, 400, { error: "invalid_grant" });
      if (form.code) codes.delete(form.code);
      const accessToken = randomBytes(16).toString("hex");
      accessTokens.set(accessToken, profile);
      return send(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600 });
    }
    if (req.method === "GET" && url.pathname === "/userinfo") {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const profile = token ? accessTokens.get(token) : undefined;
      if (!profile) return send(res, 401, { error: "invalid_token" });
      const { kind: _kind, ...fields } = profile;
      return send(res, 200, fields);
    }
    return send(res, 404, { error: "not_found" });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    authUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    userInfoUrl: `${url}/userinfo`,
    issueCode(profile) {
      const code = randomBytes(12).toString("hex");
      codes.set(code, profile);
      return code;
    },
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
