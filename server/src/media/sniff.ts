import type { ImageType } from "@atelier/contract";

export type SniffedImage = {
  contentType: ImageType;
  ext: "jpg" | "png" | "webp";
  width: number;
  height: number;
};

/** The largest side any of the three formats can have (PNG's limit), and what the images table keeps. */
const MAX_SIDE = 2 ** 31 - 1;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** PNG: the signature, then the IHDR chunk with width and height (big-endian). */
function png(bytes: Uint8Array, view: DataView): SniffedImage | null {
  if (!startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return null;
  if (bytes.length < 24 || !startsWith(bytes, ascii("IHDR"), 12)) return null;
  return { contentType: "image/png", ext: "png", width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG: SOI, then segments up to a start-of-frame marker, which holds height and width. */
function jpeg(bytes: Uint8Array, view: DataView): SniffedImage | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return {
        contentType: "image/jpeg",
        ext: "jpg",
        height: view.getUint16(at + 5),
        width: view.getUint16(at + 7),
      };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF container of type WEBP with a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function webp(bytes: Uint8Array, view: DataView): SniffedImage | null {
  if (!startsWith(bytes, ascii("RIFF")) || !startsWith(bytes, ascii("WEBP"), 8) || bytes.length < 30)
    return null;
  const base = { contentType: "image/webp", ext: "webp" } as const;
  if (startsWith(bytes, ascii("VP8 "), 12)) {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return { ...base, width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (startsWith(bytes, ascii("VP8L"), 12)) {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { ...base, width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (startsWith(bytes, ascii("VP8X"), 12)) {
    const w = (bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16);
    const h = (bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16);
    return { ...base, width: w + 1, height: h + 1 };
  }
  return null;
}

/**
 * What an uploaded file is, read from its bytes (magic numbers and the header that gives its size), never
 * from its name or the Content-Type the browser sent (D146). Anything but a JPEG, PNG or WebP whose header
 * reads through is `null`.
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found = png(bytes, view) ?? jpeg(bytes, view) ?? webp(bytes, view);
  if (!found || found.width < 1 || found.height < 1) return null;
  // PNG allows at most 2³¹ − 1 either way; a header that claims more is no PNG (and no stored size, D510).
  if (found.width > MAX_SIDE || found.height > MAX_SIDE) return null;
  return found;
}
