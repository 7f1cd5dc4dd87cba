/**
 * The file name a download's Content-Disposition gives (D611): the UTF-8 name (`filename*=UTF-8''…`, RFC 8187)
 * where the server sends one, else the quoted ASCII name, else `fallback`. A child's Cyrillic name or an
 * umlaut is saved as written, not as the ASCII stand-in. Free of zod.
 */
export function downloadName(disposition: string | null | undefined, fallback: string): string {
  const header = disposition ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}
