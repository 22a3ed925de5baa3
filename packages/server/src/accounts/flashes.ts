/**
 * Flashes (ADR-0051): what a page shows once after a redirect — a new key or signing secret —
 * kept server-side for a few minutes for one session and one page, and taken (deleted) by the
 * first view of that page. The text is sealed with AES-256-GCM under a key derived from the
 * session's id, which the store never holds (only hashes of it), so the database never holds a
 * usable secret and only the browser holding the session can open its flashes.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { ServiceContext } from "../services/context.js";
import { insertRecord, sweepRecords, takeRecords } from "./meta-records.js";

/** How long a flash waits for its page. */
const FLASH_LIFETIME_MS = 5 * 60_000;

const PREFIX = "dashboard-flash:";

interface Sealed {
  expires_at: number;
  sealed: string;
}

/** The prefix of one session's flashes for one page: a hash of both, so no LIKE pattern in it. */
function pagePrefix(sessionId: string, page: string): string {
  return `${PREFIX}${createHash("sha256").update(`${sessionId}\n${page}`).digest("hex")}:`;
}

function sealingKey(sessionId: string, flashId: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionId, flashId, "scoreline dashboard flash", 32));
}

/** Keeps `text` for the session's next view of `page`. */
export async function keepFlash(
  ctx: ServiceContext,
  sessionId: string,
  page: string,
  text: string,
): Promise<void> {
  const now = ctx.clock();
  await sweepRecords(ctx, PREFIX, new Date(now.getTime() - FLASH_LIFETIME_MS));
  const flashId = randomBytes(16).toString("base64url");
  const key = pagePrefix(sessionId, page) + flashId;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(sessionId, flashId), iv);
  cipher.setAAD(Buffer.from(key));
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  const record: Sealed = { expires_at: now.getTime() + FLASH_LIFETIME_MS, sealed };
  await insertRecord(ctx, key, JSON.stringify(record));
}

/**
 * The texts kept for the session's view of `page`, oldest first, taken: a second view (a
 * reload) finds none. Expired ones are dropped unread.
 */
export async function takeFlashes(
  ctx: ServiceContext,
  sessionId: string,
  page: string,
): Promise<string[]> {
  const rows = await takeRecords(ctx, pagePrefix(sessionId, page));
  const now = ctx.clock().getTime();
  return rows
    .map((row) => ({ key: row.key, record: JSON.parse(row.value) as Sealed }))
    .filter(({ record }) => record.expires_at > now)
    .sort((a, b) => a.record.expires_at - b.record.expires_at)
    .map(({ key, record }) => unseal(sessionId, key, record));
}

function unseal(sessionId: string, key: string, record: Sealed): string {
  const flashId = key.slice(key.lastIndexOf(":") + 1);
  const raw = Buffer.from(record.sealed, "base64url");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    sealingKey(sessionId, flashId),
    raw.subarray(0, 12),
  );
  decipher.setAAD(Buffer.from(key));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
