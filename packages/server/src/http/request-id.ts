/** Request ids: `req_` + 20 random base-32 characters; an inbound X-Request-Id is not trusted. */
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export function newRequestId(): string {
  const bytes = randomBytes(20);
  let id = "req_";
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return id;
}
