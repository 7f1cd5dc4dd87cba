import { deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SentryStandIn, startSentryStandIn } from "./sentry-stand-in.ts";

// The SDKs' own sending is proven in server/src/monitoring/sentry.test.ts and e2e/tests/monitoring.spec.ts;
// here the stand-in's refusals and its reading of envelopes, with hand-made requests.
let standIn: SentryStandIn;
beforeAll(async () => {
  standIn = await startSentryStandIn();
});
afterAll(() => standIn.close());

const envelope = (type = "event", body: object = { message: "hello", environment: "staging" }) =>
  `${JSON.stringify({ event_id: "a".repeat(32), dsn: standIn.dsn })}\n${JSON.stringify({ type })}\n${JSON.stringify(body)}\n`;

const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(`${standIn.url}${path}`, { method: "POST", body, headers });

describe("Sentry stand-in", () => {
  it("refuses envelopes without a key (401), with an unknown key or for another project (403)", async () => {
    const before = standIn.envelopes.length;
    expect((await post(`/api/${standIn.projectId}/envelope/`, envelope())).status).toBe(401);
    expect((await post(`/api/${standIn.projectId}/envelope/?sentry_key=nope`, envelope())).status).toBe(403);
    const auth = { "x-sentry-auth": "Sentry sentry_version=7, sentry_key=nope" };
    expect((await post(`/api/${standIn.projectId}/envelope/`, envelope(), auth)).status).toBe(403);
    expect((await post(`/api/1/envelope/?sentry_key=${standIn.publicKey}`, envelope())).status).toBe(403);
    expect(standIn.envelopes.length).toBe(before);
  });

  it("records an envelope sent with the key in the query or in X-Sentry-Auth, gzip-encoded too", async () => {
    const path = `/api/${standIn.projectId}/envelope/`;
    expect((await post(`${path}?sentry_key=${standIn.publicKey}&sentry_version=7`, envelope())).status).toBe(
      200,
    );
    const auth = { "x-sentry-auth": `Sentry sentry_version=7, sentry_key=${standIn.publicKey}` };
    const zipped = gzipSync(envelope("event", { message: "zipped" }));
    expect((await post(path, zipped, { ...auth, "content-encoding": "gzip" })).status).toBe(200);
    const messages = standIn.items("event").map(({ item }) => (item.body as { message: string }).message);
    expect(messages).toEqual(["hello", "zipped"]);
  });

  it("reads items by their length and decodes a compressed replay recording", async () => {
    const events = [{ type: 5, data: { tag: "options", payload: { errorSampleRate: 1 } } }];
    const recording = Buffer.concat([Buffer.from('{"segment_id":0}\n'), deflateSync(JSON.stringify(events))]);
    const body = Buffer.concat([
      Buffer.from(`${JSON.stringify({ event_id: "b".repeat(32) })}\n`),
      Buffer.from(`${JSON.stringify({ type: "replay_recording", length: recording.length })}\n`),
      recording,
      Buffer.from(`\n${JSON.stringify({ type: "replay_event" })}\n{"replay_id":"r1"}\n`),
    ]);
    const path = `/api/${standIn.projectId}/envelope/?sentry_key=${standIn.publicKey}`;
    expect((await post(path, body)).status).toBe(200);
    const { item } = await standIn.waitFor("replay_recording");
    expect(item.body).toEqual({ segment_id: 0, events });
    expect((await standIn.waitFor("replay_event")).item.body).toEqual({ replay_id: "r1" });
  });
});
