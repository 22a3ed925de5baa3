/**
 * Outright selections are participant ids (a horse's runner id, a golfer's player id); their
 * display names come from the fixture's `participants`.
 */
import { parseJson } from "../../store/json-columns.js";

interface Participant {
  runner_id?: unknown;
  player_id?: unknown;
  horse?: unknown;
  name?: unknown;
}

/** Participant id → name, from a fixture's `participants` column. */
export function participantNames(participants: string | null): Record<string, string> {
  const names: Record<string, string> = {};
  for (const p of parseJson<Participant[]>(participants) ?? []) {
    const id = p.runner_id ?? p.player_id;
    const name = p.horse ?? p.name;
    if (typeof id === "string" && typeof name === "string") names[id] = name;
  }
  return names;
}
