/**
 * HMAC-SHA256 through WebCrypto (`globalThis.crypto.subtle`), and a comparison of MACs that
 * does not stop at the first differing byte.
 */

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (api === undefined) {
    throw new Error(
      "WebCrypto is not available (globalThis.crypto.subtle is undefined): webhook signatures " +
        "need Node >= 20, Deno, Bun, an edge runtime, or a browser page served over https",
    );
  }
  return api;
}

export async function hmacSha256(
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const crypto = subtle();
  const imported = await crypto.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.sign("HMAC", imported, data));
}

/** Whether two MACs are equal, in time that depends only on their lengths. */
export function macEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
