/**
 * `If-None-Match` (RFC 9110 §13.1.2): true when the header is `*` or lists `etag` — weak
 * comparison, so `W/"x"` matches `"x"`. A list may hold any number of tags, commas inside quotes
 * included.
 */
const TAG = /(?:W\/)?"([^"]*)"/g;

export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  if (header.trim() === "*") return true;
  const opaque = etag.slice(1, -1);
  for (const match of header.matchAll(TAG)) {
    if (match[1] === opaque) return true;
  }
  return false;
}
