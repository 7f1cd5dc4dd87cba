// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advance } from "../../test/render.tsx";
import { useNewVersionAvailable } from "./use-new-version.ts";

const RUNNING = "build-running";
const POLL_MS = 60_000;

/** `/version.json` answering the given build ids in turn (the last one from then on). */
function deployedBuilds(...versions: string[]) {
  let call = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const version = versions[Math.min(call, versions.length - 1)];
    call += 1;
    return new Response(JSON.stringify({ version, builtAt: "2026-11-24T21:00:00.000Z" }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("useNewVersionAvailable", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The hook polls only in a production build, against the build id baked in by Vite.
    vi.stubEnv("PROD", true);
    vi.stubEnv("VITE_BUILD_ID", RUNNING);
    vi.stubEnv("VITE_VERSION_POLL_MS", String(POLL_MS));
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks /version.json once per configured interval, bypassing the HTTP cache", async () => {
    const fetchMock = deployedBuilds(RUNNING);
    const { result } = renderHook(() => useNewVersionAvailable());

    await advance(POLL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/version.json");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ cache: "no-cache" });
    await advance(2 * POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The same build is deployed: nothing to offer.
    expect(result.current).toBe(false);
  });

  it("polls every 5 minutes when no interval is configured", async () => {
    vi.stubEnv("VITE_VERSION_POLL_MS", "");
    const fetchMock = deployedBuilds(RUNNING);
    renderHook(() => useNewVersionAvailable());

    await advance(300_000 - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reports a new version once the deployed build id differs, and then stops asking", async () => {
    const fetchMock = deployedBuilds(RUNNING, RUNNING, "build-next");
    const { result } = renderHook(() => useNewVersionAvailable());

    await advance(2 * POLL_MS);
    expect(result.current).toBe(false);
    await advance(POLL_MS);
    expect(result.current).toBe(true);

    const calls = fetchMock.mock.calls.length;
    await advance(5 * POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
    expect(result.current).toBe(true);
  });

  it("keeps polling through a failed or unreadable reply", async () => {
    const fetchMock = vi
      .fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError("Network Error"))
      .mockResolvedValueOnce(new Response("<!doctype html>", { status: 200 }))
      .mockResolvedValueOnce(new Response("", { status: 503 }))
      .mockResolvedValue(new Response(JSON.stringify({ version: "build-next" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useNewVersionAvailable());

    await advance(3 * POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current).toBe(false);
    await advance(POLL_MS);
    expect(result.current).toBe(true);
  });

  it("stops polling when unmounted", async () => {
    const fetchMock = deployedBuilds(RUNNING);
    const { unmount } = renderHook(() => useNewVersionAvailable());

    await advance(POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => unmount());
    await advance(10 * POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not poll in a development build", async () => {
    vi.stubEnv("PROD", false);
    const fetchMock = deployedBuilds("build-next");
    const { result } = renderHook(() => useNewVersionAvailable());

    await advance(10 * POLL_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
  });
});
