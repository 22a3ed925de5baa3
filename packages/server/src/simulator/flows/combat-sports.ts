/**
 * Combat sports flow: the sample generator's bout (winner from the ratings, how and when it
 * ends, knockdowns, three named judges' cards for a decision) as rounds of five minutes with a
 * one-minute `round_break` between them, ending with the `finish` the combat module scores. A
 * bout has the competition's `rounds` (3 by default); a main event or title fight (its round text
 * says so, as the sample's "Apex FC 112: Main event, Lightweight" does) has `main_event_rounds` (5).
 */
import { COUNTRY_POOLS } from "../../sample/pools/index.js";
import type { Rng } from "../../sample/rng.js";
import { fight, type Judges } from "../../sample/sports/combat-bout.js";
import { countryPool } from "../../sample/squads.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { flowEvent, Timeline } from "./timeline.js";

/** Match-clock minutes per round including the break after it (the generator's clock). */
const ROUND_SLOT = 6;

/** Rounds scheduled for the bout: its round text decides between the competition's two counts. */
export function scheduledRounds(rules: Record<string, unknown>, round: string | null): number {
  const count = (value: unknown, fallback: number) =>
    typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5
      ? value
      : fallback;
  const main = round !== null && /main event|title/i.test(round);
  return main ? count(rules.main_event_rounds, 5) : count(rules.rounds, 3);
}

/** The name pool of bouts whose promotion has no country of its own (an imported event). */
const FALLBACK_COUNTRY = "US";

/**
 * The bout's three judges: the fixture's own (its stored `judge_1`…`judge_3`), or else three
 * different names from the promotion's country's pool, as the generator's officials are.
 */
function boutJudges(rng: Rng, fixture: FlowFixture): Judges {
  const stored = (fixture.officials ?? [])
    .filter((o) => typeof o.role === "string" && o.role.startsWith("judge"))
    .map((o) => o.name)
    .filter((name): name is string => typeof name === "string" && name !== "");
  const [x, y, z] = [...new Set(stored)];
  if (x !== undefined && y !== undefined && z !== undefined) return [x, y, z];
  const pool =
    COUNTRY_POOLS.find((c) => c.code === fixture.countryCode) ?? countryPool(FALLBACK_COUNTRY);
  const names: string[] = [];
  while (names.length < 3) {
    const name = `${rng.pick(pool.firstNames)} ${rng.pick(pool.lastNames)}`;
    if (!names.includes(name)) names.push(name);
  }
  const [a = "", b = "", c = ""] = names;
  return [a, b, c];
}

export function combatFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  const { home, away } = fixture;
  if (home === null || away === null) throw new Error("combat sports flow needs two fighters");
  const rounds = scheduledRounds(fixture.rules, fixture.round);
  const judges = boutJudges(rng, fixture);
  const bout = fight(rng, { rating: home.strength }, { rating: away.strength }, rounds, judges);
  const timeline = new Timeline("combat-sports");
  for (const event of bout.events) {
    const period = event.period ?? timeline.current;
    const round = Number(period?.replace("round_", "") ?? 1);
    // Each round opens with a step of its own, after the break that follows the previous one.
    if (period !== timeline.current) timeline.add((round - 1) * ROUND_SLOT, period);
    const more = { detail: event.detail ?? {} };
    timeline.add(
      event.minute ?? timeline.lastMinute,
      period,
      flowEvent(event.type, event.side, more),
    );
  }
  const winner = bout.winner === null ? null : bout.winner === "home" ? home : away;
  const loser = winner === home ? away : home;
  const text = winner
    ? `${winner.name} def. ${loser.name} by ${bout.text}`
    : `${home.name} vs ${away.name}: ${bout.text}`;
  return {
    sport: "combat-sports",
    steps: timeline.steps,
    decidedBy: bout.method,
    result: { text },
  };
}
