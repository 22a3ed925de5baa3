/** Value parsers for configuration options. Each throws `InvalidValue` with what is allowed. */

export class InvalidValue extends Error {}

export function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new InvalidValue("must be an integer from 0 to 65535 (0 picks a free port)");
  }
  return Number(raw);
}

export function parseBoolean(raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (["1", "true", "on", "yes"].includes(value)) return true;
  if (["0", "false", "off", "no", ""].includes(value)) return false;
  throw new InvalidValue("must be one of: true, false, 1, 0, on, off, yes, no");
}

export function parseNumberInRange(min: number, max: number) {
  return (raw: string): number => {
    const value = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(value) || value < min || value > max) {
      throw new InvalidValue(`must be a number from ${min} to ${max}`);
    }
    return value;
  };
}

export function parseIntegerInRange(min: number, max: number) {
  return (raw: string): number => {
    if (!/^-?\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      throw new InvalidValue(`must be an integer from ${min} to ${max}`);
    }
    return Number(raw);
  };
}

export function parsePowerOfTwo(min: number, max: number) {
  return (raw: string): number => {
    const value = Number(raw.trim());
    if (
      !/^\d+$/.test(raw.trim()) ||
      value < min ||
      value > max ||
      !Number.isInteger(Math.log2(value))
    ) {
      throw new InvalidValue(`must be a power of two from ${min} to ${max}`);
    }
    return value;
  };
}

export function parseOneOf<T extends string>(allowed: readonly T[]) {
  return (raw: string): T => {
    const value = raw.trim().toLowerCase();
    if (!(allowed as readonly string[]).includes(value)) {
      throw new InvalidValue(`must be one of: ${allowed.join(", ")}`);
    }
    return value as T;
  };
}

export function parseListOf<T extends string>(allowed: readonly T[]) {
  return (raw: string): T[] => {
    const items = raw
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== "");
    const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
    if (items.length === 0 || unknown.length > 0) {
      throw new InvalidValue(`must be a comma-separated list of: ${allowed.join(", ")}`);
    }
    return [...new Set(items)] as T[];
  };
}

/** `sqlite:<path>`, `sqlite::memory:` or `postgres://user@host:port/db[?schema=name]`. */
export function parseDatabaseUrl(raw: string): string {
  const value = raw.trim();
  if (value.startsWith("sqlite:") && value.length > "sqlite:".length) return value;
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      const url = new URL(value);
      if (url.hostname !== "" || url.searchParams.has("host")) return value;
    } catch {
      // fall through to the error below
    }
  }
  throw new InvalidValue(
    "must be sqlite:<path> (e.g. sqlite:./data/scoreline.db) or postgres://user@host:5432/database",
  );
}

export function parseRedisUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    if ((url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "") {
      return raw.trim();
    }
  } catch {
    // fall through
  }
  throw new InvalidValue("must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379");
}

export function parseHost(raw: string): string {
  const value = raw.trim();
  if (/^[A-Za-z0-9.:\-[\]]+$/.test(value)) return value;
  throw new InvalidValue("must be an IP address or host name, e.g. 127.0.0.1 or 0.0.0.0");
}

export function parseSecret(raw: string): string {
  if (raw.length < 16) throw new InvalidValue("must be at least 16 characters long");
  return raw;
}

/** Comma-separated seconds before each webhook attempt, e.g. `0,5,300,1800,7200`. */
export function parseRetrySchedule(raw: string): number[] {
  const parts = raw.split(",").map((part) => part.trim());
  const valid =
    parts.length >= 1 && parts.length <= 5 && parts.every((p) => /^\d+(\.\d+)?$/.test(p));
  if (!valid) {
    throw new InvalidValue(
      "must be 1 to 5 comma-separated non-negative numbers of seconds, e.g. 0,5,300,1800,7200",
    );
  }
  return parts.map(Number);
}

export function parseNonEmpty(raw: string): string {
  if (raw.trim() === "") throw new InvalidValue("must not be empty");
  return raw.trim();
}

/** `smtp://[user:pass@]host[:port]` or `smtps://…` (nodemailer's connection URL). */
export function parseSmtpUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    if ((url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "") {
      return raw.trim();
    }
  } catch {
    // fall through
  }
  throw new InvalidValue("must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail:587");
}

/** An origin the service is reached at, e.g. `https://api.example.com` (no path). */
export function parsePublicUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    if ((url.protocol === "https:" || url.protocol === "http:") && url.pathname === "/") {
      return url.origin;
    }
  } catch {
    // fall through
  }
  throw new InvalidValue("must be an http(s) origin without a path, e.g. https://api.example.com");
}

/**
 * A comma-separated list of exact browser origins (`https://app.example.com`, `http://localhost:3000`):
 * scheme, host and port only, no path, no wildcard. Empty: none.
 */
export function parseOrigins(raw: string): string[] {
  const items = raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  for (const item of items) {
    let origin: string | undefined;
    try {
      const url = new URL(item);
      if (url.protocol === "https:" || url.protocol === "http:") origin = url.origin;
    } catch {
      // reported below
    }
    if (origin === undefined || origin !== item.toLowerCase()) {
      throw new InvalidValue(
        `must be a comma-separated list of exact origins like https://app.example.com (scheme, host and port; no path, no *): ${JSON.stringify(item)} is not one`,
      );
    }
  }
  return [...new Set(items.map((item) => item.toLowerCase()))];
}
