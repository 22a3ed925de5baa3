/** What the dashboard is built from: the same service verbs and counters the API uses. */
import type { AccountsContext } from "../accounts/accounts-service.js";
import type { RateLimiter } from "../accounts/rate-limiter.js";
import type { SessionSettings } from "../accounts/sessions.js";
import type { SignInThrottle } from "../accounts/sign-in-throttle.js";
import type { Mailer } from "../adapters/mail/mailer.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import type { AttemptDeps } from "../webhooks/attempt.js";
import type { WebhookSettings } from "../webhooks/subscriptions.js";

export interface DashboardDeps {
  accounts: AccountsContext;
  mailer: Mailer;
  throttle: SignInThrottle;
  sessions: SessionSettings;
  limiter: RateLimiter;
  ledger: UsageLedger;
  webhooks: { settings: WebhookSettings; attempts: AttemptDeps };
  /** Open stream connections of an account, on every node; undefined when this node cannot know. */
  streamConnections: ((accountId: string) => Promise<number>) | undefined;
  /** SCORELINE_PUBLIC_URL: the origin mailed links use (else the request's own). */
  publicUrl: string | undefined;
}
