import { describe, expect, it } from "vitest";
import { jpegHead, makePng, webpHead } from "../test/images.ts";
import { sniffImage } from "./sniff.ts";

describe("what an uploaded file is, by its bytes (D146)", () => {
  it("reads the type and size of a PNG, a JPEG and a WebP", () => {
    expect(sniffImage(makePng(7, 3))).toEqual({ contentType: "image/png", ext: "png", width: 7, height: 3 });
    expect(sniffImage(jpegHead(640, 480))).toEqual({
      contentType: "image/jpeg",
      ext: "jpg",
      width: 640,
      height: 480,
    });
    expect(sniffImage(webpHead(300, 200))).toEqual({
      contentType: "image/webp",
      ext: "webp",
      width: 300,
      height: 200,
    });
  });

  it("refuses a PNG whose header claims a side of 2³¹ pixels or more (D510)", () => {
    const huge = makePng(7, 3);
    new DataView(huge.buffer, huge.byteOffset).setUint32(16, 2 ** 31);
    expect(sniffImage(huge)).toBeNull();
    new DataView(huge.buffer, huge.byteOffset).setUint32(16, 2 ** 31 - 1);
    expect(sniffImage(huge)?.width).toBe(2 ** 31 - 1);
  });

  it("refuses what is not one of them, whatever it is called", () => {
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const pdf = Buffer.from("%PDF-1.7\n");
    for (const bytes of [gif, svg, html, pdf, Buffer.alloc(0), Buffer.from([0xff, 0xd8, 0xff])])
      expect(sniffImage(bytes)).toBeNull();
  });

  it("refuses a file that starts like an image but whose header does not read through", () => {
    expect(sniffImage(makePng(1, 1).subarray(0, 20))).toBeNull();
    expect(sniffImage(makePng(0, 0))).toBeNull();
    const broken = jpegHead(10, 10);
    broken[2] = 0x00; // no marker after SOI
    expect(sniffImage(broken)).toBeNull();
  });
});
