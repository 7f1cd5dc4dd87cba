/**
 * A ZIP archive of files stored as they are (method 0, STORE), for the accounting export (D134): PDFs do
 * not shrink much when deflated, and no zip library is installed. PKWARE APPNOTE 6.3.x: a local header and
 * the data per file, then the central directory and its end record. Names are UTF-8 (flag bit 11). No
 * ZIP64: the archive and each file stay under 4 GiB and 65,535 files, which `zipStore` checks.
 */

let table: Uint32Array | undefined;

/** CRC-32 (ISO-HDLC, polynomial 0xEDB88320), the checksum every ZIP entry carries. */
export function crc32(data: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = (table[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export type ZipEntry = { name: string; data: Uint8Array; modified?: Date };

/** MS-DOS time and date of a moment (local fields of UTC: the archive's readers show it as written). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

const LIMIT = 0xffffffff;

/**
 * Writes an archive one file at a time: `add` answers the file's local header and data, `finish` the
 * central directory and its end record. Only the directory (46 bytes and the name per file) is kept, so a
 * month's PDFs can go to the client as each is drawn (D397); the bytes are those `zipStore` writes.
 */
export class ZipWriter {
  private readonly centrals: Buffer[] = [];
  private offset = 0;
  private count = 0;

  add(entry: ZipEntry): Buffer {
    if (++this.count > 0xffff) throw new Error("too many files for a ZIP without ZIP64");
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(entry.data);
    const size = entry.data.length;
    const { time, date } = dosDateTime(entry.modified ?? new Date());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // STORE
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(this.offset, 42);
    this.centrals.push(central, name);
    this.offset += 30 + name.length + size;
    if (this.offset > LIMIT) throw new Error("ZIP archive too large without ZIP64");
    return Buffer.concat([local, name, Buffer.from(entry.data.buffer, entry.data.byteOffset, size)]);
  }

  finish(): Buffer {
    const directory = Buffer.concat(this.centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([directory, end]);
  }
}

export function zipStore(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new Error("too many files for a ZIP without ZIP64");
  const writer = new ZipWriter();
  const parts = entries.map((entry) => writer.add(entry));
  return Buffer.concat([...parts, writer.finish()]);
}
