import { connect } from "node:net";

/** FLUSHDB on one Redis database, in Redis's own protocol (no client library needed). */
export function flushRedis(url: string): Promise<void> {
  const { hostname, port, pathname } = new URL(url);
  const db = pathname.slice(1) || "0";
  return new Promise((done, fail) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    let reply = "";
    socket.once("error", () => fail(new Error(`Redis is not reachable at ${url}`)));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if ((reply.match(/\r\n/g) ?? []).length >= 2) {
        socket.end();
        if (reply.startsWith("+OK\r\n+OK\r\n")) done();
        else fail(new Error(`Redis answered ${JSON.stringify(reply)}`));
      }
    });
    socket.once("connect", () =>
      socket.write(`*2\r\n$6\r\nSELECT\r\n$${db.length}\r\n${db}\r\n*1\r\n$7\r\nFLUSHDB\r\n`),
    );
  });
}
