/**
 * The usage ledger's read side: a key's or an account's month to date, by day (with each status
 * class), by sport and by resource — what the table holds plus this node's unflushed buffer.
 * (Other nodes' buffers reach the table within their flush interval.)
 */
import { windowEnd, windowStart } from "../adapters/limits/windows.js";
import type { Store } from "../store/database.js";
import { countsAgainstQuota, STATUS_CLASSES, type StatusClass } from "./status-class.js";
import type { LedgerRow, UsageLedger } from "./usage-ledger.js";

export type UsageScope = { keyId: string } | { accountId: string };

export type DayUsage = { date: string; calls: number } & Record<StatusClass, number>;

export interface MonthUsage {
  /** `2026-11` */
  month: string;
  /** Every day of the month up to today, oldest first, zeros included. */
  days: DayUsage[];
  /** `sport` null: calls not about one sport (`/v1/sports`, `/v1/usage`…). */
  bySport: Array<{ sport: string | null; calls: number }>;
  byResource: Array<{ resource: string; calls: number }>;
  totals: { calls: number } & Record<StatusClass, number>;
}

type Summed = Pick<LedgerRow, "hour" | "sport" | "resource" | "statusClass" | "calls">;

export async function monthUsage(
  store: Store,
  ledger: UsageLedger | undefined,
  scope: UsageScope,
  now: Date,
): Promise<MonthUsage> {
  const start = windowStart("month", now);
  const from = start.toISOString().slice(0, 13);
  const to = windowEnd("month", now).toISOString().slice(0, 13);
  let query = store.db
    .selectFrom("usage_hours")
    .select((eb) => [
      eb.fn<string>("substr", ["hour", eb.val(1), eb.val(10)]).as("day"),
      "sport",
      "resource",
      "status_class",
      eb.fn.sum<number | string>("calls").as("calls"),
    ])
    .where("hour", ">=", from)
    .where("hour", "<", to)
    .groupBy(["day", "sport", "resource", "status_class"]);
  query =
    "keyId" in scope
      ? query.where("key_id", "=", scope.keyId)
      : query.where("account_id", "=", scope.accountId);
  const stored: Summed[] = (await query.execute()).map((r) => ({
    hour: r.day,
    sport: r.sport,
    resource: r.resource,
    statusClass: r.status_class as StatusClass,
    calls: Number(r.calls),
  }));
  const buffered = (ledger?.unflushed() ?? []).filter(
    (r) =>
      r.hour >= from &&
      r.hour < to &&
      ("keyId" in scope ? r.keyId === scope.keyId : r.accountId === scope.accountId),
  );
  return summarise([...stored, ...buffered], start, now);
}

function emptyClasses(): Record<StatusClass, number> {
  return Object.fromEntries(STATUS_CLASSES.map((c) => [c, 0])) as Record<StatusClass, number>;
}

function summarise(rows: readonly Summed[], start: Date, now: Date): MonthUsage {
  const days = new Map<string, DayUsage>();
  const today = now.toISOString().slice(0, 10);
  for (let d = new Date(start); d.toISOString().slice(0, 10) <= today; ) {
    const date = d.toISOString().slice(0, 10);
    days.set(date, { date, calls: 0, ...emptyClasses() });
    d = new Date(d.getTime() + 86_400_000);
  }
  const sports = new Map<string, number>();
  const resources = new Map<string, number>();
  const totals = { calls: 0, ...emptyClasses() };
  for (const row of rows) {
    const date = row.hour.slice(0, 10);
    let day = days.get(date);
    if (day === undefined) {
      day = { date, calls: 0, ...emptyClasses() };
      days.set(date, day);
    }
    day.calls += row.calls;
    day[row.statusClass] += row.calls;
    totals.calls += row.calls;
    totals[row.statusClass] += row.calls;
    sports.set(row.sport, (sports.get(row.sport) ?? 0) + row.calls);
    resources.set(row.resource, (resources.get(row.resource) ?? 0) + row.calls);
  }
  const ranked = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    month: start.toISOString().slice(0, 7),
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    bySport: ranked(sports).map(([sport, calls]) => ({
      sport: sport === "" ? null : sport,
      calls,
    })),
    byResource: ranked(resources).map(([resource, calls]) => ({ resource, calls })),
    totals,
  };
}

/** Each key's calls this month that count against its quota (the restore at start). */
export async function quotaCallsThisMonth(store: Store, now: Date): Promise<Map<string, number>> {
  const from = windowStart("month", now).toISOString().slice(0, 13);
  const to = windowEnd("month", now).toISOString().slice(0, 13);
  const rows = await store.db
    .selectFrom("usage_hours")
    .select((eb) => ["key_id", "status_class", eb.fn.sum<number | string>("calls").as("calls")])
    .where("hour", ">=", from)
    .where("hour", "<", to)
    .groupBy(["key_id", "status_class"])
    .execute();
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (!countsAgainstQuota(row.status_class as StatusClass)) continue;
    totals.set(row.key_id, (totals.get(row.key_id) ?? 0) + Number(row.calls));
  }
  return totals;
}
