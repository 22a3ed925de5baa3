/**
 * Row shapes of the accounts side: accounts, API keys, the usage ledger and the dashboard's
 * sessions and one-time links. Stored like every table (`tables.ts`): ISO 8601 UTC text
 * timestamps, JSON as text.
 */
import type { ColumnType } from "kysely";

export interface AccountsTable {
  id: string;
  email: string;
  plan: string;
  /** JSON: custom (enterprise) limits overriding the plan's (requests_per_minute, …). */
  limits: string;
  created_at: string;
  updated_at: string;
  /** `scrypt$N$r$p$salt$hash` (base64url); null for an account no one has set a password for. */
  password_hash: string | null;
  /** When the owner proved the address (a verification or reset link); null until then. */
  email_verified_at: string | null;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** `live` (sl_live_…, the real host) or `test` (sl_test_…, a personal sandbox key). */
  kind: string;
  plan: string;
  name: string;
  /** The first characters of the key, for display ("sl_live_AbC1…"). */
  prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  created_at: string;
  expires_at: string | null;
  /** When the key stops working (now or a chosen moment); null while active. */
  revoked_at: string | null;
  /** Written behind by the usage ledger's flush (to the minute), never per request. */
  last_used_at: string | null;
}

/** Calls of one key in one UTC hour, by sport, resource and status class (the usage ledger). */
interface UsageHoursTable {
  key_id: string;
  account_id: string;
  /** `2026-11-24T13` */
  hour: string;
  /** A sport slug, or "" for calls outside one (`/v1/usage`, `/v1/sports`). */
  sport: string;
  /** `fixtures`, `odds`, `usage`… */
  resource: string;
  /** `success`, `client_error`, `rate_limited`, `quota_exceeded`, `server_error` */
  status_class: string;
  calls: ColumnType<number, number, number>;
}

interface DashboardSessionsTable {
  /** SHA-256 of the cookie's value. */
  id_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute expiry; the idle one is `last_seen_at` + the idle timeout. */
  expires_at: string;
}

interface AccountTokensTable {
  /** SHA-256 of the token the link carries. */
  token_hash: string;
  account_id: string;
  /** `verify_email`, `reset_password` or `sign_in` */
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AccountTables {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  usage_hours: UsageHoursTable;
  dashboard_sessions: DashboardSessionsTable;
  account_tokens: AccountTokensTable;
}
