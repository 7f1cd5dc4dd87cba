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
  return Buffer.concat([...entries.flatMap((entry) => tarPieces(entry, mtime)), tarEnd()]);
}

type Header = { name: string; size: number; regular: boolean };

/** One header block; null for the empty block that ends the archive. Throws when its checksum does not add up. */
function parseHeader(block: Buffer, offset: number): Header | null {
  if (block.every((byte) => byte === 0)) return null;
  const stored = Number.parseInt(block.toString("ascii", 148, 156).replace(/\0.*$/, "").trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  if (stored !== sum) throw new Error(`damaged archive: header at byte ${offset} does not add up`);
  const type = block.toString("ascii", 156, 157);
  return {
    name: block.toString("utf8", 0, 100).replace(/\0.*$/s, ""),
    size: Number.parseInt(block.toString("ascii", 124, 136).replace(/\0.*$/, "").trim() || "0", 8),
    regular: type === "0" || type === "\0",
  };
}

/** The archive's regular files, in order; throws on a header whose checksum does not add up. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const head = parseHeader(archive.subarray(offset, offset + BLOCK), offset);
    if (!head) break;
    offset += BLOCK;
    if (offset + head.size > archive.length) throw new Error(`damaged archive: ${head.name} is cut off`);
    if (head.regular)
      entries.push({ name: head.name, data: Buffer.from(archive.subarray(offset, offset + head.size)) });
    offset += Math.ceil(head.size / BLOCK) * BLOCK;
  }
  return entries;
}

/** One entry's pieces as written to the archive: its header, its data, its padding to a whole block. */
export function tarPieces(entry: TarEntry, mtime: number): Buffer[] {
  const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
  return [header(entry.name, entry.data.length, mtime), entry.data, ...(pad ? [Buffer.alloc(pad)] : [])];
}

/** The two empty blocks that end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

/**
 * The archive's regular files one at a time, read from a stream of its bytes (D561): memory holds one
 * entry, not the archive. Throws on a damaged header and on an entry the stream cuts off.
 */
export async function* readTarStream(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const chunks = source[Symbol.asyncIterator]();
  let held: Buffer[] = [];
  let length = 0;
  let offset = 0;
  const take = async (bytes: number): Promise<Buffer | null> => {
    while (length < bytes) {
      const next = await chunks.next();
      if (next.done) return null;
      held.push(next.value);
      length += next.value.length;
    }
    const all = held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held, length);
    // The rest is copied: a view would keep the whole joined buffer alive with it.
    held = length > bytes ? [Buffer.from(all.subarray(bytes))] : [];
    length -= bytes;
    offset += bytes;
    return all.subarray(0, bytes);
  };
  for (;;) {
    const block = await take(BLOCK);
    const head = block ? parseHeader(block, offset - BLOCK) : null;
    if (!head) return;
    const data = await take(head.size);
    if (!data) throw new Error(`damaged archive: ${head.name} is cut off`);
    const pad = (BLOCK - (head.size % BLOCK)) % BLOCK;
    if (pad && !(await take(pad))) throw new Error(`damaged archive: ${head.name} is cut off`);
    if (head.regular) yield { name: head.name, data };
  }
}
