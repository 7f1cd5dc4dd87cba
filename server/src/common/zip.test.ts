import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, ZipWriter, zipStore } from "./zip.ts";

/**
 * Reads an archive back the way unzip tools do: from the end record to the central directory, then each
 * local header to its data; every size, offset and checksum is checked against what was written.
 */
function readZip(zip: Buffer) {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const entries = zip.readUInt16LE(end + 10);
  const dirSize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  expect(at + dirSize).toBe(end);
  const files: { name: string; data: Buffer; date: number }[] = [];
  for (let i = 0; i < entries; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.readUInt32LE(local + 14)).toBe(crc);
    const localName = zip.readUInt16LE(local + 26);
    const start = local + 30 + localName + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(method).toBe(0);
    expect(crc32(data)).toBe(crc);
    files.push({ name, data, date: zip.readUInt16LE(at + 14) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

describe("STORE-only ZIP writer (D134)", () => {
  it("computes the standard CRC-32 (the check value of '123456789' is CBF43926)", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it("writes an archive that reads back file for file, with UTF-8 names and the dates given", () => {
    const pdf = Buffer.from("%PDF-1.7\n\u0000\u00ff binary ÿ", "latin1");
    const zip = zipStore([
      { name: "RE-2026-0001.pdf", data: pdf, modified: new Date("2026-11-03T10:20:30Z") },
      { name: "belege-2026-11.csv", data: Buffer.from("\uFEFFNummer;Kunde\r\nRE-1;Ёлкина Ärger\r\n") },
      { name: "leer.txt", data: new Uint8Array() },
    ]);
    const files = readZip(zip);
    expect(files.map((file) => file.name)).toEqual(["RE-2026-0001.pdf", "belege-2026-11.csv", "leer.txt"]);
    expect(files[0]?.data.equals(pdf)).toBe(true);
    expect(files[1]?.data.toString("utf8")).toContain("Ёлкина Ärger");
    expect(files[2]?.data.length).toBe(0);
    expect(files[0]?.date).toBe(((2026 - 1980) << 9) | (11 << 5) | 3);
  });

  it("an empty month is a valid empty archive", () => {
    const zip = zipStore([]);
    expect(zip.length).toBe(22);
    expect(readZip(zip)).toEqual([]);
  });

  it("writes the same bytes one file at a time as all at once (the streamed month's ZIP, D397)", () => {
    const entries = [
      {
        name: "RE-2026-0001.pdf",
        data: Buffer.from("%PDF-1.7 a"),
        modified: new Date("2026-11-03T10:20:30Z"),
      },
      {
        name: "GS-2026-0001.pdf",
        data: Buffer.from("%PDF-1.7 bb"),
        modified: new Date("2026-11-04T08:00:00Z"),
      },
      {
        name: "belege-2026-11.csv",
        data: Buffer.from("Nummer\r\n"),
        modified: new Date("2026-11-30T12:00:00Z"),
      },
    ];
    const writer = new ZipWriter();
    const streamed = Buffer.concat([...entries.map((entry) => writer.add(entry)), writer.finish()]);
    expect(streamed.equals(zipStore(entries))).toBe(true);
    expect(readZip(streamed).map((file) => file.name)).toEqual(entries.map((entry) => entry.name));
  });
});
