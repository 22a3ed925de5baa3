/**
 * Tennis flow: the sample generator's match, played point by point with serve alternating
 * (`sample/sports/tennis-match.ts`), on the competition's court and in its format (best of five
 * when `best_of` is 5, a deciding set's tie-break to 10 at a Grand Slam). Each set opens and
 * closes as a period; in between come the generator's own events at their minutes: aces, double
 * faults, every break of serve (with the set's games after it) and the `set_end` the tennis
 * module scores, or the retirement that ends the match.
 */
import type { Rng } from "../../sample/rng.js";
import { playMatch } from "../../sample/sports/tennis-match.js";
import type { Surface } from "../../sample/sports/tennis-tournaments.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { flowEvent, Timeline } from "./timeline.js";

const SURFACES: readonly Surface[] = ["hard", "clay", "grass"];

/** The match format the competition's rules state (best of three on an outdoor hard court if unsaid). */
export function tennisFormat(rules: Record<string, unknown>) {
  const surface = SURFACES.find((s) => s === rules.surface) ?? "hard";
  return {
    bestOf: rules.best_of === 5 ? (5 as const) : (3 as const),
    court: { surface, indoor: rules.indoor === true },
    grandSlam: rules.category === "grand_slam",
  };
}

export function tennisFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  const { home, away } = fixture;
  if (home === null || away === null) throw new Error("tennis flow needs two players");
  const ratings = { home: home.strength, away: away.strength };
  const script = playMatch(rng, ratings, tennisFormat(fixture.rules));
  const timeline = new Timeline("tennis");
  for (const event of script.events) {
    const period = event.period ?? timeline.current;
    if (period !== timeline.current) {
      timeline.add(timeline.lastMinute, period, flowEvent("period_start", null));
    }
    const minute = event.minute ?? timeline.lastMinute;
    const more = event.detail === undefined ? {} : { detail: event.detail };
    timeline.add(minute, period, flowEvent(event.type, event.side, more));
    if (event.type === "set_end") timeline.add(minute, period, flowEvent("period_end", null));
  }
  const winner = script.winner === "home" ? home : away;
  const loser = script.winner === "home" ? away : home;
  return {
    sport: "tennis",
    steps: timeline.steps,
    decidedBy: script.decidedBy,
    result: { text: `${winner.name} def. ${loser.name} ${script.setsText}` },
  };
}
