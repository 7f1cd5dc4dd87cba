import { readdirSync, readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.ts";
import { sellerFromEnv } from "../invoices/seller.ts";
import { runRenderTask } from "./render-tasks.ts";
import { createRenderThread } from "./render-thread.ts";

const seller = sellerFromEnv(loadEnv({}));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const threads: ReturnType<typeof createRenderThread>[] = [];
function thread() {
  const created = createRenderThread();
  threads.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
});

/** The nice value of each of this process's threads (Linux: /proc/self/task/<id>/stat, field 19). */
function threadNiceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const id of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
    // Fields after the name in parentheses (which may hold spaces) start at field 3, the state.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    values.set(Number(id), Number(fields[19 - 3]));
  }
  return values;
}

const giftCard = {
  kind: "gift-card-pdf" as const,
  card: {
    code: "ABCD-EFGH-JKLM-NPQR",
    balanceCents: 5000,
    expiresAt: new Date("2029-12-31T22:59:59Z"),
    locale: "ru" as const,
  },
  school: { legalName: seller.legalName, address: seller.address, publicUrl: "http://shop.example" },
};

describe("the render thread", () => {
  it("draws a gift card PDF like the inline renderer and a QR code, in a thread", async () => {
    const renderer = thread();
    const [pdf, png] = await Promise.all([
      renderer.run(giftCard),
      renderer.run({ kind: "qr-png", text: "http://shop.example/QrCodeScanner?code=abc" }),
    ]);
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getTitle()).toBe("Подарочный сертификат ABCD-EFGH-JKLM-NPQR");
    const inline = await PDFDocument.load(await runRenderTask(giftCard));
    expect(loaded.getPageCount()).toBe(inline.getPageCount());
    expect(loaded.getPage(0).getSize()).toEqual(inline.getPage(0).getSize());
    expect([...png.subarray(0, 4)]).toEqual(PNG_SIGNATURE);
  }, 60_000);

  it.runIf(process.platform === "linux")(
    "renders at the lowest priority, while the event loop's thread keeps its own",
    async () => {
      const before = threadNiceValues();
      const renderer = thread();
      await renderer.run({ kind: "qr-png", text: "priority" });
      const after = threadNiceValues();
      const lowered = [...after].filter(([id, nice]) => nice === 19 && before.get(id) !== 19);
      expect(lowered).toHaveLength(1);
      expect(after.get(process.pid)).toBe(before.get(process.pid));
      expect(after.get(process.pid)).not.toBe(19);
    },
    60_000,
  );

  it("fails a task whose input it cannot draw, and keeps serving the next one", async () => {
    const renderer = thread();
    const broken = { ...giftCard, card: { ...giftCard.card, locale: "xx" as "ru" } };
    await expect(renderer.run(broken)).rejects.toThrow();
    const png = await renderer.run({ kind: "qr-png", text: "still here" });
    expect([...png.subarray(0, 4)]).toEqual(PNG_SIGNATURE);
  }, 60_000);

  it("rejects what is still pending when it closes, and starts a new thread on the next task", async () => {
    const renderer = thread();
    const pending = expect(renderer.run(giftCard)).rejects.toThrow("render thread closed");
    await renderer.close();
    await pending;
    const png = await renderer.run({ kind: "qr-png", text: "after close" });
    expect([...png.subarray(0, 4)]).toEqual(PNG_SIGNATURE);
  }, 60_000);
});
