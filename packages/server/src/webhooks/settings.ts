/** Webhook settings from the configuration, in the units the delivery code uses. */
import type { Config } from "../config/index.js";
import type { DeliverySettings } from "./attempt.js";

/** The sandbox's test sender's budget per request (the default of SCORELINE_WEBHOOK_TIMEOUT_MS). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export function deliverySettings(config: Config): DeliverySettings {
  return {
    schedule: config.webhookRetrySchedule,
    disableAfterMs: config.webhookDisableAfterHours * 3_600_000,
    timeoutMs: config.webhookTimeoutMs,
  };
}

export function retentionMs(config: Config): number {
  return config.webhookLogRetentionDays * 86_400_000;
}
