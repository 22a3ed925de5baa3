/**
 * The dashboard's server secret: 32 random bytes made the first time any node asks and kept in
 * the store, so every node of a deployment keys its CSRF tokens alike (ADR-0051). It is no
 * configuration to set or rotate by hand; a token also needs the session id, which is never
 * stored, so the secret alone forges nothing.
 */
import { randomBytes } from "node:crypto";
import type { ServiceContext } from "../services/context.js";
import { insertRecord, readRecord } from "./meta-records.js";

const KEY = "dashboard-secret";

export async function dashboardSecret(ctx: ServiceContext): Promise<string> {
  await insertRecord(ctx, KEY, randomBytes(32).toString("base64url"));
  const kept = await readRecord(ctx, KEY);
  if (kept === undefined) throw new Error("the dashboard secret could not be kept in store_meta");
  return kept.value;
}
