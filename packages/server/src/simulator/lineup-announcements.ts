/**
 * Line-ups announced before kick-off: the flow's own, so the players a match's events name are
 * the ones announced. The flow built for them is handed back, for the kick-off to play.
 */

import { Rng } from "../sample/rng.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import type { MatchFlow } from "./flow.js";
import { buildFlow } from "./flows/index.js";
import { lineupData } from "./match-messages.js";
import { lineupsDue, loadFlowFixture } from "./pick-fixtures.js";
import type { SampleWorldFeed } from "./sample-world.js";

export interface LineupSource {
  store: Store;
  ingestor: SampleWorldFeed;
  sports: readonly Sport[];
  /** The simulator's seed: the flow built here is the one the kick-off would build. */
  seed: number;
}

/**
 * Announces the line-ups of team-sport fixtures kicking off before `until`, or overdue. A fixture
 * already holding line-ups (from a feed, or announced before a restart) is left alone. `keep`
 * receives each flow built; the answer counts the messages applied and refused.
 */
export async function announceLineups(
  source: LineupSource,
  until: Date,
  keep: (fixtureId: string, flow: MatchFlow) => void,
): Promise<{ applied: number; rejected: number }> {
  const { store, seed } = source;
  const counts = { applied: 0, rejected: 0 };
  for (const fixture of await lineupsDue(store, source.sports, until)) {
    const flowFixture = await loadFlowFixture(store, fixture.sport, fixture.id);
    if (flowFixture === undefined) continue;
    const rng = new Rng(`${seed}:${fixture.sport}:${fixture.id}`);
    let lineups: MatchFlow["lineups"];
    try {
      const flow = buildFlow(rng.fork("flow"), flowFixture);
      keep(fixture.id, flow);
      lineups = flow.lineups;
    } catch {
      lineups = undefined;
    }
    const messages = (["home", "away"] as const).flatMap((side) => {
      const team = flowFixture[side];
      if (team === null || lineups === undefined) return [];
      return [
        {
          id: `sim:${fixture.id}:lineup:${side}`,
          type: "lineup",
          sport: fixture.sport,
          data: { fixture_id: fixture.id, team_id: team.teamId, ...lineupData(lineups[side]) },
        },
      ];
    });
    if (messages.length === 0) continue;
    const report = await source.ingestor.ingestMessages(messages);
    counts.applied += report.applied;
    counts.rejected += report.rejected;
  }
  return counts;
}
