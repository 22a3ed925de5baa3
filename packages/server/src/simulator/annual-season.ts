/**
 * A league on its sport's real calendar (`rules.annual_season`, baseball's) comes back 52 weeks
 * after the season it copies (`season-turnover.ts`). The sample joins a season in progress at
 * most a few days back (a short seeded history), so the season it copies can start weeks after
 * its real opening day (the season row's `start_date`): copied as it is, the league would open a
 * year on weeks late, every year, and leave its sport with nothing to play in the meantime. The
 * missing opening days are filled with the copied season's first days again — a daily league's
 * round-robin repeats itself — so the next season opens on its real day and runs to its real end.
 */
import type { TemplateFixture } from "./template-fixture.js";

const DAY_MS = 86_400_000;

/** Templates copied once more to open the season early, moved `offsetMs` before the main copy. */
export interface OpeningFill {
  templates: TemplateFixture[];
  offsetMs: number;
}

/** Whole UTC days from `from` to `to` (ms). */
const wholeDays = (from: number, to: number) => Math.floor(to / DAY_MS) - Math.floor(from / DAY_MS);

/**
 * The fill before the main copy of `templates` (in kick-off order) for a season whose real
 * opening day is `seasonStart` (ISO date): none when its first game is on that day. On the real
 * calendar only (the sandbox's compressed one brings a league back sooner, `calendar.ts`).
 */
export function openingFill(
  templates: readonly TemplateFixture[],
  seasonStart: string,
): OpeningFill[] {
  const first = templates[0];
  if (first === undefined) return [];
  const firstMs = Date.parse(first.kickoff);
  const missing = wholeDays(Date.parse(`${seasonStart}T00:00:00Z`), firstMs);
  if (missing <= 0) return [];
  const dayOf = (t: TemplateFixture) => wholeDays(firstMs, Date.parse(t.kickoff));
  const span = dayOf(templates.at(-1) as TemplateFixture) + 1;
  const fill: OpeningFill[] = [];
  // The missing days from the real opening on: day j is the template's day j (mod its span).
  for (let from = 0; from < missing; from += span) {
    const days = Math.min(span, missing - from);
    fill.push({
      templates: templates.filter((t) => dayOf(t) < days),
      offsetMs: (from - missing) * DAY_MS,
    });
  }
  return fill;
}
