/**
 * Tennis draws progress as results come in: once both matches that feed a slot of the next round
 * are over, that slot's match is drawn — the two winners, on the day and at the time the
 * tournament's circuit's order of play gives that round (or soon, if the results came late) — as
 * a `fixture` message with its pre-match prices. The generator draws a tournament's first round
 * ahead; everything after it comes from here, so a player who lost never appears in a later round.
 */
import { derivedId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import {
  circuitOf,
  minutesFromStart,
  TENNIS_ROUNDS,
  type TennisCircuit,
} from "../sample/sports/tennis-circuits.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import { inSampleWorld, type SampleWorldFeed } from "./sample-world.js";
import { priceTennisMatches } from "./tennis-draw-odds.js";

const DAY_MS = 86_400_000;
/** How far back and ahead (world days) the draws are looked at: a tournament takes a week. */
const WINDOW_DAYS = 9;
/** How far ahead (world days) matches are priced, as the generator prices them. */
const ODDS_DAYS = 14;
/** A round drawn late is played no sooner than this (world minutes) after it is drawn. */
const NOTICE_MINUTES = 30;

interface DrawFixture {
  id: string;
  competition_id: string;
  season_id: string;
  round: string | null;
  kickoff: string;
  status: string;
  home_team_id: string | null;
  away_team_id: string | null;
  venue: string | null;
  broadcast: string | null;
  result: string | null;
}

/**
 * Draws every next-round match whose two feeders are over, then prices the matches in the odds
 * horizon that have no prices yet; how many it drew.
 */
export async function progressTennisDraws(
  store: Store,
  ingestor: SampleWorldFeed,
  now: Date,
  real: (worldMs: number) => number,
  options: { atOnce?: boolean } = {},
): Promise<number> {
  const window = real(WINDOW_DAYS * DAY_MS);
  const rows = await store.db
    .selectFrom("fixtures")
    .select([
      "id",
      "competition_id",
      "season_id",
      "round",
      "kickoff",
      "status",
      "home_team_id",
      "away_team_id",
      "venue",
      "broadcast",
      "result",
    ])
    .where("sport", "=", "tennis")
    .where(inSampleWorld("competition_id"))
    .where("kickoff", ">", isoSeconds(new Date(now.getTime() - window)))
    .where("kickoff", "<=", isoSeconds(new Date(now.getTime() + window)))
    .orderBy("competition_id")
    .orderBy("kickoff")
    .orderBy("id")
    .execute();
  const rules = await rulesOf(store, [...new Set(rows.map((r) => r.competition_id))]);
  const messages: unknown[] = [];
  for (const edition of editions(rows)) {
    const circuit = circuitOf(rules.get(edition[0]?.competition_id ?? ""));
    messages.push(...drawNextRounds(edition, circuit, now, real, options.atOnce ?? false));
  }
  const drawn = messages.length === 0 ? 0 : (await ingestor.ingestMessages(messages)).applied;
  // The matches just drawn, and first rounds the calendar copied from played ones, get prices.
  await priceTennisMatches(store, ingestor, new Date(now.getTime() + real(ODDS_DAYS * DAY_MS)));
  return drawn;
}

/** The competitions' rules, by id. */
async function rulesOf(store: Store, ids: readonly string[]) {
  const rules = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return rules;
  const rows = await store.db
    .selectFrom("competitions")
    .select(["id", "rules"])
    .where("id", "in", [...ids])
    .execute();
  for (const row of rows) rules.set(row.id, parseJson<Record<string, unknown>>(row.rules) ?? {});
  return rules;
}

/**
 * A competition's fixtures split into tournament editions: each edition opens with a block of
 * first-round matches.
 */
function editions(rows: readonly DrawFixture[]): DrawFixture[][] {
  const out: DrawFixture[][] = [];
  let current: DrawFixture[] = [];
  let previous: DrawFixture | undefined;
  for (const row of rows) {
    const opens =
      row.round === TENNIS_ROUNDS[0] &&
      (previous === undefined ||
        previous.competition_id !== row.competition_id ||
        previous.round !== TENNIS_ROUNDS[0]);
    if (opens || (previous !== undefined && previous.competition_id !== row.competition_id)) {
      if (current.length > 0) out.push(current);
      current = [];
    }
    current.push(row);
    previous = row;
  }
  if (current.length > 0) out.push(current);
  return out.filter((edition) => edition[0]?.round === TENNIS_ROUNDS[0]);
}

/** The `fixture` messages of the next-round matches an edition can draw now. */
function drawNextRounds(
  edition: readonly DrawFixture[],
  circuit: TennisCircuit,
  now: Date,
  real: (worldMs: number) => number,
  atOnce: boolean,
): unknown[] {
  const start = Date.parse(edition[0]?.kickoff ?? "");
  // The order of play starts on the tournament's first day at the first match's time.
  const messages: unknown[] = [];
  for (let r = 0; r + 1 < TENNIS_ROUNDS.length; r++) {
    const round = edition.filter((f) => f.round === TENNIS_ROUNDS[r]);
    const next = edition.filter((f) => f.round === TENNIS_ROUNDS[r + 1]);
    if (round.length < 2 || round.length % 2 !== 0) break;
    const drawn = new Set(next.flatMap((f) => [f.home_team_id, f.away_team_id]));
    const slots = round.length / 2;
    for (let k = 0; k < slots; k++) {
      const a = round[2 * k] as DrawFixture;
      const b = round[2 * k + 1] as DrawFixture;
      const home = winnerOf(a);
      const away = winnerOf(b);
      if (home === undefined || away === undefined) continue;
      if (drawn.has(home) || drawn.has(away)) continue;
      const planned = start + real(minutesFromStart(circuit, r + 1, k, slots) * 60_000);
      const soonest = now.getTime() + real(NOTICE_MINUTES * 60_000);
      const kickoff = atOnce ? soonest : Math.max(planned, soonest);
      const id = derivedId("fx", "tennis", "draw", a.id, b.id);
      messages.push({
        id: `cal:${id}`,
        type: "fixture",
        sport: "tennis",
        data: {
          id,
          competition_id: a.competition_id,
          season_id: a.season_id,
          round: TENNIS_ROUNDS[r + 1],
          kickoff: isoSeconds(new Date(kickoff)),
          home_team_id: home,
          away_team_id: away,
          ...(a.venue !== null ? { venue: a.venue } : {}),
          broadcast: parseJson<unknown[]>(a.broadcast) ?? [],
        },
      });
    }
  }
  return messages;
}

/** The team id of a finished match's winner; undefined while it is not decided. */
function winnerOf(fixture: DrawFixture): string | undefined {
  if (!["finished", "walkover", "awarded"].includes(fixture.status)) return undefined;
  const result = parseJson<{ winner_team_id?: string | null }>(fixture.result);
  return result?.winner_team_id ?? undefined;
}
