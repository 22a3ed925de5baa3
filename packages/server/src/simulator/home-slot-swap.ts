/**
 * A league's next season plays its last one again with home and away swapped (calendar.ts). Each
 * club has a habitual home slot (`sample/home-slots.ts`: Saturday 15:00, or the Friday-night
 * game), so a swapped game must not keep the kick-off its old home club's habit gave it: within
 * each round, a game takes the kick-off of a game of that round at its new home club's habitual
 * slot when one is free, and the games left take the kick-offs left, so the round's kick-offs
 * stay the same set. A slot is a weekday and a time of day in UTC (the sample world's offsets
 * are fixed); a club's habit is the slot of most of its home games in the template season.
 */
import type { TemplateFixture } from "./template-fixture.js";

const WEEK_MS = 7 * 86_400_000;

const slotOf = (kickoff: string) => Date.parse(kickoff) % WEEK_MS;

/** Each club's most frequent home slot over `templates` (ties: the earliest in the week). */
function habits(templates: readonly TemplateFixture[]): Map<string, number> {
  const counts = new Map<string, Map<number, number>>();
  for (const t of templates) {
    if (t.home_team_id === null) continue;
    const mine = counts.get(t.home_team_id) ?? new Map<number, number>();
    const slot = slotOf(t.kickoff);
    mine.set(slot, (mine.get(slot) ?? 0) + 1);
    counts.set(t.home_team_id, mine);
  }
  const habit = new Map<string, number>();
  for (const [team, slots] of counts) {
    const [best] = [...slots].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    if (best !== undefined) habit.set(team, best[0]);
  }
  return habit;
}

/**
 * For each template (by id), the template whose kick-off its swapped copy takes: one of its own
 * round's. Games without a round keep their own.
 */
export function swappedSlots(templates: readonly TemplateFixture[]): Map<string, TemplateFixture> {
  const habit = habits(templates);
  const rounds = new Map<string, TemplateFixture[]>();
  const taken = new Map<string, TemplateFixture>();
  for (const t of templates) {
    if (t.round === null) taken.set(t.id, t);
    else rounds.set(t.round, [...(rounds.get(t.round) ?? []), t]);
  }
  for (const games of rounds.values()) {
    const free = [...games];
    const unplaced: TemplateFixture[] = [];
    for (const game of games) {
      // The swapped copy's home club is the template's away club.
      const wanted = game.away_team_id === null ? undefined : habit.get(game.away_team_id);
      const at = free.findIndex((slot) => slotOf(slot.kickoff) === wanted);
      if (at < 0) {
        unplaced.push(game);
        continue;
      }
      taken.set(game.id, free[at] as TemplateFixture);
      free.splice(at, 1);
    }
    unplaced.forEach((game, i) => {
      taken.set(game.id, free[i] as TemplateFixture);
    });
  }
  return taken;
}
