/**
 * Request ids: `req_` + 20 random base-32 characters; an inbound X-Request-Id is not trusted.
 * Random bytes are drawn 4 KiB at a time and handed out 20 by 20 (one system call per ~200
 * requests instead of one each).
 */
import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const ID_BYTES = 20;
const pool = Buffer.alloc(4096);
let offset = pool.length;

export function newRequestId(): string {
  if (offset + ID_BYTES > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  let id = "req_";
  for (let i = offset; i < offset + ID_BYTES; i++) id += ALPHABET[(pool[i] ?? 0) & 31];
  offset += ID_BYTES;
  return id;
}
