import { connect } from "node:net";

/** Whether a Redis listens on the machine's default port: the tests that need one run only where it does. */
export function localRedisUp(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: 6379 });
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
