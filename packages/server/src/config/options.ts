/**
 * Every configuration option in one list, in the order help and README show them; each group
 * is declared with its concern in `options-*.ts`. README's configuration section documents the
 * same list.
 */
import type { AnyOption } from "./config-shape.js";
import { ACCOUNT_OPTIONS } from "./options-accounts.js";
import { HTTP_OPTIONS } from "./options-http.js";
import { PROCESS_OPTIONS, STORE_AND_NETWORK_OPTIONS } from "./options-runtime.js";
import { WEBHOOK_OPTIONS } from "./options-webhooks.js";
import { LIVE_LOG_OPTIONS, WORLD_OPTIONS } from "./options-world.js";

export const OPTIONS: readonly AnyOption[] = [
  ...STORE_AND_NETWORK_OPTIONS,
  ...WORLD_OPTIONS,
  ...WEBHOOK_OPTIONS,
  ...LIVE_LOG_OPTIONS,
  ...HTTP_OPTIONS,
  ...ACCOUNT_OPTIONS,
  ...PROCESS_OPTIONS,
];
