/**
 * Pre-match prices for the tennis matches the live world makes without them — a round the draw
 * has just made (`tennis-draws.ts`), a first round the calendar copied from one already played:
 * every bookmaker's match-winner, total-games and games-handicap lines, priced from the same point
 * model and books as the generator's (`tennis-odds.ts`, `opening-odds.ts`), with each player's
 * strength read from his ranking (the ranked players' ratings are spread like a normal sample).
 */

import { RANKED_PLAYERS } from "../sample/sports/tennis-circuits.js";
import { tennisQuotes } from "../sample/sports/tennis-odds.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import { tennisFormat } from "./flows/tennis.js";
import { normalQuantile } from "./live-odds.js";
import { openingOddsMessages, unpricedFixtures } from "./opening-odds.js";
import type { SampleWorldFeed } from "./sample-world.js";

/** Matches priced per call, so a long backlog is worked off in steps. */
const PER_CALL = 200;

/**
 * Prices every scheduled tennis match with both players known, kicking off by `until`, that has
 * no prices; how many it priced.
 */
export async function priceTennisMatches(
  store: Store,
  ingestor: SampleWorldFeed,
  until: Date,
): Promise<number> {
  const rows = (await unpricedFixtures(store, ["tennis"], until, PER_CALL)).filter(
    (r) => r.home_team_id !== null && r.away_team_id !== null,
  );
  if (rows.length === 0) return 0;
  const sides = rows.flatMap((r) => [r.home_team_id ?? "", r.away_team_id ?? ""]);
  const rankings = await rankingsOf(store, [...new Set(sides)]);
  const messages = rows.flatMap((row) => {
    const ratings = {
      home: ratingOfRanking(rankings.get(row.home_team_id ?? "")),
      away: ratingOfRanking(rankings.get(row.away_team_id ?? "")),
    };
    const rules = parseJson<Record<string, unknown>>(row.rules) ?? {};
    return openingOddsMessages("tennis", row.id, tennisQuotes(ratings, tennisFormat(rules)));
  });
  await ingestor.ingestMessages(messages);
  return rows.length;
}

/** A player's rating from his ranking: where his rank sits in a normal sample of the ranked. */
function ratingOfRanking(ranking: number | undefined): number {
  const rank = Math.min(Math.max(ranking ?? RANKED_PLAYERS, 1), RANKED_PLAYERS);
  return normalQuantile(1 - (rank - 0.5) / RANKED_PLAYERS);
}

/** Each individual team's player's ranking, by team id. */
export async function rankingsOf(store: Store, teamIds: readonly string[]) {
  const rankings = new Map<string, number>();
  if (teamIds.length === 0) return rankings;
  const rows = await store.db
    .selectFrom("players")
    .select(["team_id", "detail"])
    .where("sport", "=", "tennis")
    .where("team_id", "in", [...teamIds])
    .execute();
  for (const row of rows) {
    const ranking = parseJson<{ ranking?: number }>(row.detail)?.ranking;
    if (row.team_id !== null && typeof ranking === "number") rankings.set(row.team_id, ranking);
  }
  return rankings;
}
