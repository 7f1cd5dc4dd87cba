import { afterEach, describe, expect, it, vi } from "vitest";
import { createConcurrencyLimiter } from "./concurrency.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("createConcurrencyLimiter", () => {
  it("never runs more than the limit at once and runs everything", async () => {
    // Each task takes 5 ms of a fake clock, so they overlap without the test waiting.
    vi.useFakeTimers();
    const limit = createConcurrencyLimiter(4);
    let active = 0;
    let peak = 0;
    const task = (value: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return value;
    };
    const all = Promise.all(Array.from({ length: 10 }, (_, i) => limit(task(i))));
    await vi.runAllTimersAsync();
    const results = await all;
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(4);
  });

  it("keeps going after a failed task", async () => {
    const limit = createConcurrencyLimiter(1);
    const failed = limit(() => Promise.reject(new Error("boom")));
    const thrown = limit(() => {
      throw new Error("sync boom");
    });
    await expect(failed).rejects.toThrow("boom");
    await expect(thrown).rejects.toThrow("sync boom");
    await expect(limit(async () => "ok")).resolves.toBe("ok");
  });
});
