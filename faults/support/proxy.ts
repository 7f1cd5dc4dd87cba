import { createServer } from "node:http";
import { createProxyServer } from "http-proxy-3";

export type RoundRobinProxy = { url: string; close(): Promise<void> };

/**
 * A small reverse proxy (http-proxy-3) in front of several shop instances, as a load balancer would be:
 * requests go round robin, and X-Forwarded-For carries the client's address (TRUST_PROXY=127.0.0.1).
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const proxy = createProxyServer({ xfwd: true });
  let next = 0;
  const server = createServer((req, res) => {
    const target = targets[next++ % targets.length];
    proxy.web(req, res, { target }, () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("bad gateway");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
        proxy.close();
      }),
  };
}
