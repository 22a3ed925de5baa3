/**
 * Pre-match prices for every fixture as it enters the odds horizon (ADR-0044). The generator
 * prices the fixtures of its first fortnight; the rest, and the calendar's copies of them, start
 * without prices. Each check prices the scheduled fixtures kicking off within the horizon that
 * have both sides (or a field) and no prices: every bookmaker's lines from the generator's models
 * and books, the sides' strengths read back from the store (`side-ratings.ts`), so the favourite
 * is the side the generator rated stronger. Tennis (`tennis-draw-odds.ts`, from the draw) and
 * horse racing (`race-markets.ts`, a day before the off) open their markets by their own rules.
 */
import type { FeedIngestor } from "../live/feed-ingestor.js";
import type { MarketQuote } from "../sample/odds-pricing.js";
import { Rng } from "../sample/rng.js";
import { boutQuotes } from "../sample/sports/combat-sports.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import type { FlowSide } from "./flow.js";
import { scheduledRounds } from "./flows/combat-sports.js";
import { matchSides } from "./flows/team-sides.js";
import { profileFor, TEAM_SPORTS, type TeamSport } from "./flows/team-sports.js";
import { golfOutrightMessages } from "./golf-outright-odds.js";
import { openingOddsMessages, type UnpricedFixture, unpricedFixtures } from "./opening-odds.js";
import { competitionEdges, edgeOfHomeShare, fitRatings } from "./side-ratings.js";

/** The odds horizon, in world days: the generator prices a fortnight ahead. */
export const ODDS_HORIZON_DAYS = 14;
/** Fixtures priced per call, so a long backlog is worked off in steps. */
const PER_CALL = 200;
/** Sports whose markets open by their own rules. */
const OWN_RULES: readonly Sport[] = ["tennis", "horse-racing"];

/** Prices the fixtures kicking off by `until` that have none; how many it priced. */
export async function openMarkets(
  store: Store,
  ingestor: FeedIngestor,
  sports: readonly Sport[],
  until: Date,
): Promise<number> {
  const rows = await unpricedFixtures(
    store,
    sports.filter((sport) => !OWN_RULES.includes(sport)),
    until,
    PER_CALL,
  );
  if (rows.length === 0) return 0;
  const byCompetition = new Map<string, UnpricedFixture[]>();
  for (const row of rows) {
    byCompetition.set(row.competition_id, [...(byCompetition.get(row.competition_id) ?? []), row]);
  }
  const messages: unknown[] = [];
  for (const fixtures of byCompetition.values()) {
    for (const fixture of fixtures) {
      if (fixture.sport === "golf") messages.push(...(await golfOutrightMessages(store, fixture)));
    }
    const pairs = fixtures.filter((f) => f.home_team_id !== null && f.away_team_id !== null);
    if (pairs.length > 0) messages.push(...(await pairMessages(store, pairs)));
  }
  if (messages.length > 0) await ingestor.ingestMessages(messages);
  return rows.length;
}

/** A two-sided sport's markets for a pair of ratings. */
type PairModel = (rng: Rng, home: FlowSide, away: FlowSide) => MarketQuote[];

/** The generator's model of a competition's fixtures (its rules pick basketball's quarters). */
function pairModel(sport: Sport, rules: Record<string, unknown>, round: string | null) {
  if ((TEAM_SPORTS as readonly Sport[]).includes(sport)) {
    const profile = profileFor(sport as TeamSport, rules);
    const model: PairModel = (rng, home, away) =>
      profile.quotes(rng, matchSides(rng, profile, home, away));
    return model;
  }
  if (sport === "combat-sports") {
    const model: PairModel = (_rng, home, away) =>
      boutQuotes(
        { rating: home.strength },
        { rating: away.strength },
        scheduledRounds(rules, round),
      );
    return model;
  }
  return undefined;
}

/** One competition's two-sided fixtures, priced from its sides' fitted ratings. */
async function pairMessages(store: Store, fixtures: readonly UnpricedFixture[]) {
  const first = fixtures[0] as UnpricedFixture;
  const rules = parseJson<Record<string, unknown>>(first.rules) ?? {};
  const shareModel = pairModel(first.sport, rules, first.round);
  if (shareModel === undefined) return [];
  const observations = await competitionEdges(
    store,
    first.competition_id,
    inverseOf(`${first.sport}|${first.rules ?? ""}`, shareModel),
  );
  const ratings = fitRatings(observations);
  const teams = [...new Set(fixtures.flatMap((f) => [f.home_team_id ?? "", f.away_team_id ?? ""]))];
  const squads = await squadsOf(store, teams);
  return fixtures.flatMap((fixture) => {
    const model = pairModel(fixture.sport, rules, fixture.round);
    if (model === undefined) return [];
    const side = (teamId: string): FlowSide => ({
      teamId,
      name: "",
      strength: ratings.get(teamId) ?? 0,
      players: squads.get(teamId) ?? [],
    });
    const rng = new Rng(`open-markets:${fixture.id}`);
    const quotes = model(rng, side(fixture.home_team_id ?? ""), side(fixture.away_team_id ?? ""))
      // A prop on an unnamed stand-in (a squad short of players) is no market.
      .filter((quote) => !/^\s/.test(quote.subject));
    return openingOddsMessages(fixture.sport, fixture.id, quotes);
  });
}

/** Each model's inverse (the edge of a home share), by sport and rules: it never changes. */
const inverses = new Map<string, (share: number) => number>();

function inverseOf(key: string, model: PairModel): (share: number) => number {
  const known = inverses.get(key);
  if (known !== undefined) return known;
  // Stand-in sides, made once: only their strengths change along the grid.
  const home: FlowSide = { teamId: "", name: "", strength: 0, players: [] };
  const away: FlowSide = { ...home };
  const homeShare = (edge: number) => {
    home.strength = edge / 2;
    away.strength = -edge / 2;
    const quotes = model(new Rng("home-share"), home, away);
    const winner = quotes.find((q) => q.market === "1x2" || q.market === "moneyline");
    const h = winner?.selections.home ?? 0.5;
    const a = winner?.selections.away ?? 0.5;
    return h / (h + a);
  };
  const inverse = edgeOfHomeShare(homeShare);
  inverses.set(key, inverse);
  return inverse;
}

/** The stored squads of the teams, by team id, in shirt-number order. */
async function squadsOf(store: Store, teamIds: readonly string[]) {
  const squads = new Map<string, FlowSide["players"]>();
  if (teamIds.length === 0) return squads;
  const rows = await store.db
    .selectFrom("players")
    .select(["id", "team_id", "name", "position", "shirt_number"])
    .where("team_id", "in", [...teamIds])
    .orderBy("shirt_number")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    if (row.team_id === null) continue;
    const list = squads.get(row.team_id) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      position: row.position,
      shirtNumber: row.shirt_number,
    });
    squads.set(row.team_id, list);
  }
  return squads;
}
