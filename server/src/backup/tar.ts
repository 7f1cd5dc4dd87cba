/**
 * A minimal POSIX tar (ustar) writer and reader for the backup file (D301): regular files only, names of at
 * most 100 bytes. Written here so a backup needs no external program; `tar -tzf` lists the file too.
 */

export type TarEntry = { name: string; data: Buffer };

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, "utf8");
  if (nameBytes.length > 100) throw new Error(`tar entry name longer than 100 bytes: ${name}`);
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(mtime, 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** The archive's bytes: each entry's header, its data padded to a block, and two empty blocks at the end. */
export function writeTar(entries: readonly TarEntry[], mtime = Math.floor(Date.now() / 1000)): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry.name, entry.data.length, mtime), entry.data);
    const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/** The archive's regular files, in order; throws on a header whose checksum does not add up. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const stored = Number.parseInt(block.toString("ascii", 148, 156).replace(/\0.*$/, "").trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (stored !== sum) throw new Error(`damaged archive: header at byte ${offset} does not add up`);
    const name = block.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    const size = Number.parseInt(block.toString("ascii", 124, 136).replace(/\0.*$/, "").trim() || "0", 8);
    const type = block.toString("ascii", 156, 157);
    offset += BLOCK;
    if (offset + size > archive.length) throw new Error(`damaged archive: ${name} is cut off`);
    if (type === "0" || type === "\0")
      entries.push({ name, data: Buffer.from(archive.subarray(offset, offset + size)) });
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
