/**
 * Combat sports flow: the sample generator's bout (winner from the ratings, how and when it
 * ends, knockdowns, judges' cards for a decision) as rounds of five minutes with a one-minute
 * `round_break` between them, ending with the `finish` the combat module scores. A bout has the
 * competition's `rounds` (3 by default); a main event or title fight has `main_event_rounds` (5).
 */
import type { Rng } from "../../sample/rng.js";
import { fight } from "../../sample/sports/combat-sports.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { flowEvent, Timeline } from "./timeline.js";

/** Match-clock minutes per round including the break after it (the generator's clock). */
const ROUND_SLOT = 6;

/** Rounds scheduled for the bout: its round text decides between the competition's two counts. */
function scheduledRounds(rules: Record<string, unknown>, round: string | null): number {
  const count = (value: unknown, fallback: number) =>
    typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5
      ? value
      : fallback;
  const main = round !== null && /main event|title/i.test(round);
  return main ? count(rules.main_event_rounds, 5) : count(rules.rounds, 3);
}

export function combatFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  const { home, away } = fixture;
  if (home === null || away === null) throw new Error("combat sports flow needs two fighters");
  const rounds = scheduledRounds(fixture.rules, fixture.round);
  const bout = fight(rng, { rating: home.strength }, { rating: away.strength }, rounds, []);
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
