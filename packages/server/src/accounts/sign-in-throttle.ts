/**
 * Throttles the dashboard's doors (ADR-0031, ADR-0051). Sign-in attempts on one account from one
 * client address wait growing delays (sign-in-delays.ts), so guessing from one address slows
 * down while the account's owner, from another address, signs in as usual: nobody can lock an
 * account out. Failures per client address, whatever the email, are counted on the same
 * counters as the API's limits (memory, or Redis across nodes): a few a minute, then a 429; more
 * within the hour and that address waits for the hour's end. Unknown emails count like known
 * ones, so no answer tells whether an account exists. Sign-up and reset requests (each sends
 * mail) are counted per address and per email.
 */
import type { HitWindowSpec, LimitStore, WindowCount } from "../adapters/limits/types.js";
import { ServiceError } from "../errors/service-error.js";
import type { Clock } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";
import { forgiveAttempts, reserveAttempt } from "./sign-in-delays.js";

export interface ThrottleLimits {
  signInPerAddress: { minute: number; hour: number };
  mailPerEmail: { hour: number };
  mailPerAddress: { hour: number };
}

const DEFAULT_THROTTLE: ThrottleLimits = {
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

  /**
   * Counts an attempt to sign in as `email` from `address`, or throws a 429 saying when it may
   * be made: the address has failed too often, or this account's delay from it has not passed.
   */
  async beginSignIn(ctx: ServiceContext, address: string, email: string): Promise<void> {
    const now = this.clock();
    const byAddress = await this.limits.peek(
      `signin:ip:${address}`,
      windows(this.settings.signInPerAddress),
      now,
    );
    if (!byAddress.allowed) throw refusal(byAddress.windows, now);
    const early = await reserveAttempt(ctx, email, address);
    if (early !== undefined) throw delayRefusal(early.retryAfterSeconds, now);
  }

  /** Counts a failed sign-in against the address. */
  async failedSignIn(address: string): Promise<void> {
    await this.limits.hit(
      `signin:ip:${address}`,
      windows(this.settings.signInPerAddress),
      this.clock(),
    );
  }

  /** The password was right: the account's attempts from this address are forgotten. */
  async passwordAccepted(ctx: ServiceContext, address: string, email: string): Promise<void> {
    await forgiveAttempts(ctx, email, address);
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

/** `14:05:09` */
function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

function delayRefusal(retryAfterSeconds: number, now: Date): ServiceError {
  const at = clockTime(now.getTime() + retryAfterSeconds * 1000);
  const seconds = retryAfterSeconds === 1 ? "1 second" : `${retryAfterSeconds} seconds`;
  return new ServiceError(
    "rate_limit_exceeded",
    `Too many attempts to sign in to this account from your address: try again in ${seconds} (at ${at} UTC). You can reset your password meanwhile.`,
    { retryAfterSeconds },
  );
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
      ? `Too many attempts: try again after ${until} UTC.`
      : `Too many attempts: wait ${retryAfterSeconds} seconds and try again.`,
    { retryAfterSeconds },
  );
}
