/**
 * The Content-Disposition of a download named `filename` (RFC 6266): a name of ASCII characters for any
 * client, and the name itself in UTF-8 (RFC 8187) for the browsers that read it. A header value may hold
 * no character above U+00FF: a child's Cyrillic name in a calendar file's name made Node refuse the
 * header, and the download answered 500 (D611).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  if (ascii === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(filename)}`;
}

/** RFC 8187's value-chars: percent-encoded UTF-8, except the attr-chars. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
