/**
 * A new tennis edition's first round, drawn afresh from its entry list (the players of the
 * template edition's first round) rather than copied pairing for pairing: a quarter of the field
 * is seeded by ranking and kept apart as the tours' rules keep them — seed 1 at the top of the
 * draw and seed 2 at the bottom, seeds 3 and 4 drawn by lot into the other two quarters, seeds 5
 * to 8 by lot into the remaining eighths — so that no two seeds meet in the first round, the top
 * two only in the final; the unseeded players are drawn by lot into the other lines. The lot is
 * an rng seeded by the edition, so every node draws the same.
 *
 * The drawn matches keep the template's slots (kick-off, court, umpire, broadcast) but not its
 * prices, which were for other pairings: the draw's pricing step (`tennis-draw-odds.ts`) prices
 * them as they come into the odds horizon.
 */
import { derivedId } from "../lib/ids.js";
import { Rng } from "../sample/rng.js";
import type { Store } from "../store/database.js";
import type { TemplateFixture } from "./template-fixture.js";
import { rankingsOf } from "./tennis-draw-odds.js";

export interface Entrant {
  teamId: string;
  /** The player's ranking; undefined when unranked (drawn among the unseeded). */
  ranking: number | undefined;
}

/**
 * Bracket lines → seed numbers (1 top, 2 bottom, …): the lines each seed's band may take, such
 * that seeds 1…2^k fall in different blocks of `size / 2^k` lines.
 */
function seedLines(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((seed) => [seed, n + 1 - seed]);
  }
  // The bottom half upside down, so that seed 2 takes the draw's last line.
  return [...order.slice(0, size / 2), ...order.slice(size / 2).reverse()];
}

/**
 * The draw's lines, top to bottom, for `entrants` (a power of two, at least 4): a quarter of
 * them seeded by ranking (1, 2, then bands 3–4, 5–8, … placed by lot within their band's lines),
 * the rest by lot. Line `2k` plays line `2k + 1` in the first round.
 */
export function seededDraw(entrants: readonly Entrant[], rng: Rng): Entrant[] {
  const size = entrants.length;
  const ranked = [...entrants].sort(
    (a, b) =>
      (a.ranking ?? Number.POSITIVE_INFINITY) - (b.ranking ?? Number.POSITIVE_INFINITY) ||
      a.teamId.localeCompare(b.teamId),
  );
  const seeds = size / 4;
  const lines = seedLines(size);
  const draw: Array<Entrant | undefined> = new Array(size);
  // Seeds 1 and 2 have their own lines; each band after them (3–4, 5–8, …) is drawn by lot
  // into its seeds' lines.
  for (let lo = 1; lo <= seeds; lo = lo <= 2 ? lo + 1 : lo * 2 - 1) {
    const hi = lo <= 2 ? lo : Math.min(2 * lo - 2, seeds);
    const band = lines.flatMap((seed, line) => (seed >= lo && seed <= hi ? [line] : []));
    const players = rng.shuffle(ranked.slice(lo - 1, hi));
    band.forEach((line, i) => {
      draw[line] = players[i];
    });
  }
  const unseeded = rng.shuffle(ranked.slice(seeds));
  let next = 0;
  return Array.from(draw, (line) => line ?? (unseeded[next++] as Entrant));
}

/**
 * The first-round templates of a new edition, redrawn: the same slots in kick-off order, the
 * same entry list, the pairings drawn by `seededDraw` with the rng of `key` (the edition). Each
 * template gets an id of its own, so the copy carries none of the old pairings' prices. Returns
 * the templates unchanged when they are not a full draw (a power of two of distinct players).
 */
export async function redrawFirstRound(
  store: Store,
  templates: readonly TemplateFixture[],
  key: string,
): Promise<TemplateFixture[]> {
  const players = templates.flatMap((t) => [t.home_team_id, t.away_team_id]);
  const entrants = [...new Set(players)].filter((id): id is string => id !== null);
  const size = entrants.length;
  if (size !== players.length || size < 4 || (size & (size - 1)) !== 0) return [...templates];
  const rankings = await rankingsOf(store, entrants);
  const draw = seededDraw(
    entrants.map((teamId) => ({ teamId, ranking: rankings.get(teamId) })),
    new Rng(`tennis-first-round:${key}`),
  );
  return templates.map((template, m) => ({
    ...template,
    id: derivedId("fx", "tennis", "first-round", key, m),
    home_team_id: draw[2 * m]?.teamId ?? null,
    away_team_id: draw[2 * m + 1]?.teamId ?? null,
  }));
}
