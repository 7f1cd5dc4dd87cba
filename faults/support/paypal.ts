import { createServer, request, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { type PayPalStandIn, startPayPalStandIn } from "../../server/src/test/paypal-stand-in.ts";

/**
 * How PayPal behaves for the shop: `up`; `refusing`, its host refuses connections (and open keep-alive
 * connections are cut); `hanging-capture`, a capture is carried out at PayPal but its answer never comes
 * (the worst case for money: the shop does not know it was paid).
 */
export type PayPalMode = "up" | "refusing" | "hanging-capture";

export type PayPal = {
  /** The stand-in itself (orders, approvals, call counts). */
  standIn: PayPalStandIn;
  /** PAYPAL_* settings that point a shop at the switchable front. */
  env: Record<string, string>;
  setMode(mode: PayPalMode): Promise<void>;
  /** Captures PayPal carried out whose answer was held back. */
  heldCaptures(): number;
  close(): Promise<void>;
};

/**
 * The PayPal stand-in (server/src/test/paypal-stand-in.ts) behind a small forwarding front on its own
 * port, so that PayPal can go away and come back while the stand-in keeps its orders.
 */
export async function startPayPal(): Promise<PayPal> {
  const standIn = await startPayPalStandIn();
  const target = new URL(standIn.url);
  let mode: PayPalMode = "up";
  let held = 0;
  const sockets = new Set<Socket>();
  const holding = new Set<ServerResponse>();

  const front = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (mode === "hanging-capture" && /\/capture$/.test(req.url ?? "")) {
          held += 1;
          answer.resume();
          holding.add(res);
          res.on("close", () => holding.delete(res));
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  front.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((done, fail) => {
      front.once("error", fail);
      front.listen(port, "127.0.0.1", () => {
        front.off("error", fail);
        done();
      });
    });
  const stopListening = () =>
    new Promise<void>((done) => {
      front.close(() => done());
      for (const socket of sockets) socket.destroy();
    });

  await listen(0);
  const address = front.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    standIn,
    env: {
      PAYPAL_API_BASE: url,
      PAYPAL_CLIENT_ID: standIn.clientId,
      PAYPAL_CLIENT_SECRET: standIn.clientSecret,
      PAYPAL_WEBHOOK_ID: standIn.webhookId,
      PAYPAL_SDK_URL: `${standIn.url}/sdk/js`,
    },
    async setMode(next) {
      if (next === "refusing" && mode !== "refusing") await stopListening();
      if (next !== "refusing" && mode === "refusing") await listen(port);
      mode = next;
    },
    heldCaptures: () => held,
    async close() {
      for (const res of holding) res.destroy();
      if (mode !== "refusing") await stopListening();
      await standIn.close();
    },
  };
}
