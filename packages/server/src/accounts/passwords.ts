/**
 * Dashboard passwords (ADR-0031): scrypt, memory-hard, with a 16-byte salt of its own per
 * password; the cost and salt travel in the stored text (`scrypt$N$r$p$salt$hash`), so the cost
 * can rise later without breaking older hashes. Comparison is constant-time.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { invalidParameter } from "../errors/service-error.js";

/**
 * scrypt's work factor N for new hashes: 2^15, about 100 ms and 32 MiB a hash. The setting
 * `SCORELINE_PASSWORD_COST` can change it (tests lower it); r and p stay.
 */
const DEFAULT_PASSWORD_COST = 32_768;
const BLOCK = { r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MIN_LENGTH = 10;
const MAX_LENGTH = 256;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * params.N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The stored text of `password` hashed with work factor `cost` (scrypt's N, a power of two). */
export async function hashPassword(
  password: string,
  cost: number = DEFAULT_PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, { N: cost, ...BLOCK });
  return `scrypt$${cost}$${BLOCK.r}$${BLOCK.p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/** Spent on unknown emails, so they take as long to refuse as a wrong password. */
const DUMMY_SALT = randomBytes(16);

/**
 * Whether `password` matches `stored`, hashed with the parameters stored beside it. Without a
 * stored hash, one scrypt of work factor `cost` (what new hashes use) is spent all the same.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  cost: number = DEFAULT_PASSWORD_COST,
): Promise<boolean> {
  const parts = stored?.split("$") ?? [];
  if (parts.length !== 6 || parts[0] !== "scrypt") {
    await derive(password, DUMMY_SALT, { N: cost, ...BLOCK });
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password we accept: long enough, not absurdly long, not the email itself. */
export function checkNewPassword(password: string, email: string): string {
  if (password.length < MIN_LENGTH) {
    throw invalidParameter("password", `the password must have at least ${MIN_LENGTH} characters`);
  }
  if (password.length > MAX_LENGTH) {
    throw invalidParameter("password", `the password must have at most ${MAX_LENGTH} characters`);
  }
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    throw invalidParameter("password", "the password must not be the email address");
  }
  return password;
}
