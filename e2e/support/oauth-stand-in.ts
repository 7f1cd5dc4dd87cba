import { createServer, type Server } from "node:http";

export type StandInUser = { sub: string; email: string; given_name: string; family_name: string };

/**
 * A local stand-in for Google's and Facebook's OAuth endpoints (the e2e server's GOOGLE_*_URL and
 * FACEBOOK_*_URL point here, see
 * playwright.config.ts): /auth approves at once and sends the browser back to redirect_uri with a code
 * and the caller's state; /token swaps the code for an access token; /userinfo describes `user`.
 */
export async function startOAuthStandIn(port: number, user: StandInUser): Promise<Server> {
  const code = `code-${user.sub}`;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname === "/auth") {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === "/token" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const ok = new URLSearchParams(body).get("code") === code;
        response
          .writeHead(ok ? 200 : 400, { "content-type": "application/json" })
          .end(
            JSON.stringify(
              ok
                ? { access_token: `token-${user.sub}`, token_type: "Bearer", expires_in: 3600 }
                : { error: "invalid_grant" },
            ),
          );
      });
      return;
    }
    if (url.pathname === "/userinfo" || url.pathname === "/me") {
      const ok = request.headers.authorization === `Bearer token-${user.sub}`;
      // /userinfo answers as Google's OpenID endpoint, /me as Facebook's Graph API.
      const profile =
        url.pathname === "/userinfo"
          ? { ...user, email_verified: true }
          : { id: user.sub, email: user.email, first_name: user.given_name, last_name: user.family_name };
      response
        .writeHead(ok ? 200 : 401, { "content-type": "application/json" })
        .end(JSON.stringify(ok ? profile : { error: "invalid_token" }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
