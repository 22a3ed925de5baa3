/**
 * Pre-match prices for every fixture as it enters the odds horizon (ADR-0044). The generator
 * prices the fixtures of its first fortnight; the rest, and the calendar's copies of them, start
 * without prices. Each check prices the scheduled fixtures kicking off within the horizon that
 * have both sides (or a field) and no prices: every bookmaker's lines from the generator's models
 * and books, the sides' strengths read back from the store (`side-ratings.ts`), so the favourite
 * is the side the generator rated stronger. Tennis (`tennis-draw-odds.ts`, from the draw) and
 * horse racing (`race-markets.ts`, a day before the off) open their markets by their own rules.
 */

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
import type { SampleWorldFeed } from "./sample-world.js";
import { competitionEdges, edgeOfHomeShare, fitRatings } from "./side-ratings.js";

/** The odds horizon, in world days: the generator prices a fortnight ahead. */
export const ODDS_HORIZON_DAYS = 14;
/** Fixtures priced per call, so a long backlog is worked off in steps. */
const PER_CALL = 200;
/** Sports whose markets open by their own rules. */
const OWN_RULES: readonly Sport[] = ["tennis", "horse-racing"];

/**
 * Prices the fixtures kicking off by `until` that have none; how many it looked at. A fixture
 * that yields no prices (no model for its sport, a field too small) or whose prices the ingestor
 * does not apply is put in `unpriceable` and not looked at again while it waits for prices, so
 * it neither comes back at every check nor holds one of the `PER_CALL` places (the caller keeps
 * the set).
 */
export async function openMarkets(
  store: Store,
  ingestor: SampleWorldFeed,
  sports: readonly Sport[],
  until: Date,
  unpriceable: Set<string> = new Set(),
): Promise<number> {
  const asked = PER_CALL + unpriceable.size;
  const found = await unpricedFixtures(
    store,
    sports.filter((sport) => !OWN_RULES.includes(sport)),
    until,
    asked,
  );
  // All there are: an id no longer among them has been priced, has kicked off or is gone.
  if (found.length < asked) {
    const ids = new Set(found.map((f) => f.id));
    for (const id of unpriceable) if (!ids.has(id)) unpriceable.delete(id);
  }
  const rows = found.filter((f) => !unpriceable.has(f.id)).slice(0, PER_CALL);
  if (rows.length === 0) return 0;
  const byCompetition = new Map<string, UnpricedFixture[]>();
  for (const row of rows) {
    byCompetition.set(row.competition_id, [...(byCompetition.get(row.competition_id) ?? []), row]);
  }
  const priced = new Map<string, unknown[]>();
  for (const fixtures of byCompetition.values()) {
    for (const fixture of fixtures) {
      if (fixture.sport === "golf")
        priced.set(fixture.id, await golfOutrightMessages(store, fixture));
    }
    const pairs = fixtures.filter((f) => f.home_team_id !== null && f.away_team_id !== null);
    if (pairs.length > 0) for (const [id, m] of await pairMessages(store, pairs)) priced.set(id, m);
  }
  const messages: unknown[] = [];
  const owners: string[] = [];
  for (const row of rows) {
    const mine = priced.get(row.id) ?? [];
    if (mine.length === 0) unpriceable.add(row.id);
    messages.push(...mine);
    owners.push(...mine.map(() => row.id));
  }
  if (messages.length > 0) {
    const report = await ingestor.ingestMessages(messages);
    // Refused, or already seen (a message id of prices since deleted): nothing was written.
    for (const result of report.results) {
      if (result.status !== "applied") unpriceable.add(owners[result.index] as string);
    }
  }
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

/** One competition's two-sided fixtures, priced from its sides' fitted ratings: by fixture id. */
async function pairMessages(
  store: Store,
  fixtures: readonly UnpricedFixture[],
): Promise<Map<string, unknown[]>> {
  const first = fixtures[0] as UnpricedFixture;
  const rules = parseJson<Record<string, unknown>>(first.rules) ?? {};
  const shareModel = pairModel(first.sport, rules, first.round);
  if (shareModel === undefined) return new Map();
  const observations = await competitionEdges(
    store,
    first.competition_id,
    inverseOf(`${first.sport}|${first.rules ?? ""}`, shareModel),
  );
  const ratings = fitRatings(observations);
  const teams = [...new Set(fixtures.flatMap((f) => [f.home_team_id ?? "", f.away_team_id ?? ""]))];
  const squads = await squadsOf(store, teams);
  const priced = new Map<string, unknown[]>();
  for (const fixture of fixtures) {
    const model = pairModel(fixture.sport, rules, fixture.round);
    if (model === undefined) continue;
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
    priced.set(fixture.id, openingOddsMessages(fixture.sport, fixture.id, quotes));
  }
  return priced;
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
