/**
 * Throttles the dashboard's doors (ADR-0031) on the same counters as the API's limits (memory,
 * or Redis across nodes). Failed sign-ins are counted per client address and per email — known
 * or not, so a lock-out says nothing about whether an account exists: a few a minute, then a
 * 429; more within the hour and that address or email is locked out until the hour ends.
 * Sign-up and reset requests (each sends mail) are counted per address and per email too.
 */
import type { HitWindowSpec, LimitStore, WindowCount } from "../adapters/limits/types.js";
import { ServiceError } from "../errors/service-error.js";
import type { Clock } from "../lib/time.js";

export interface ThrottleLimits {
  signInPerEmail: { minute: number; hour: number };
  signInPerAddress: { minute: number; hour: number };
  mailPerEmail: { hour: number };
  mailPerAddress: { hour: number };
}

const DEFAULT_THROTTLE: ThrottleLimits = {
  signInPerEmail: { minute: 5, hour: 20 },
  signInPerAddress: { minute: 20, hour: 100 },
  mailPerEmail: { hour: 5 },
  mailPerAddress: { hour: 20 },
};

const windows = (limits: { minute?: number; hour: number }): HitWindowSpec[] => [
  ...(limits.minute !== undefined ? [{ name: "minute" as const, limit: limits.minute }] : []),
  { name: "hour", limit: limits.hour },
];

export class SignInThrottle {
  constructor(
    private readonly limits: LimitStore,
    private readonly clock: Clock,
    private readonly settings: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  /** Throws a 429 when this address or email may not try to sign in now. */
  async checkSignIn(address: string, email: string): Promise<void> {
    const now = this.clock();
    const [byAddress, byEmail] = await Promise.all([
      this.limits.peek(`signin:ip:${address}`, windows(this.settings.signInPerAddress), now),
      this.limits.peek(`signin:email:${email}`, windows(this.settings.signInPerEmail), now),
    ]);
    for (const result of [byEmail, byAddress]) {
      if (!result.allowed) throw refusal(result.windows, now);
    }
  }

  /** Counts a failed sign-in against the address and the email. */
  async failedSignIn(address: string, email: string): Promise<void> {
    const now = this.clock();
    await Promise.all([
      this.limits.hit(`signin:ip:${address}`, windows(this.settings.signInPerAddress), now),
      this.limits.hit(`signin:email:${email}`, windows(this.settings.signInPerEmail), now),
    ]);
  }

  /** Counts a request that sends mail (sign-up, reset); throws a 429 when there were too many. */
  async mailRequest(address: string, email: string): Promise<void> {
    const now = this.clock();
    const byAddress = await this.limits.hit(
      `mail:ip:${address}`,
      windows(this.settings.mailPerAddress),
      now,
    );
    if (!byAddress.allowed) throw refusal(byAddress.windows, now);
    const byEmail = await this.limits.hit(
      `mail:email:${email}`,
      windows(this.settings.mailPerEmail),
      now,
    );
    if (!byEmail.allowed) throw refusal(byEmail.windows, now);
  }
}

function refusal(counts: readonly WindowCount[], now: Date): ServiceError {
  const full = counts.filter((w) => w.remaining === 0);
  const hour = full.find((w) => w.name === "hour");
  const window = hour ?? full[0];
  const resetAt = window?.resetAt ?? Math.ceil(now.getTime() / 1000) + 60;
  const retryAfterSeconds = Math.max(1, resetAt - Math.floor(now.getTime() / 1000));
  const until = new Date(resetAt * 1000).toISOString().slice(11, 16);
  return new ServiceError(
    "rate_limit_exceeded",
    hour !== undefined
      ? `Too many attempts: locked out until ${until} UTC. You can reset your password meanwhile.`
      : `Too many attempts: wait ${retryAfterSeconds} seconds and try again.`,
    { retryAfterSeconds },
  );
}
