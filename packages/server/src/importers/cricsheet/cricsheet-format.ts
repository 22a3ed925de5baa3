/**
 * `scoreline import cricsheet`: Cricsheet ball-by-ball XML (data version 0.9). One unit per
 * competition season, read whole (season statistics derive from every match): a bad file fails
 * its season, named by path and line, and leaves the store unchanged.
 */
import type { BuiltUnit, ImportFormat, ImportUnit } from "../shared/import-format.js";
import { ImportError } from "../shared/import-format.js";
import { buildSeason } from "./build-season.js";
import { competitionInfo, KNOWN_COMPETITIONS } from "./competitions.js";
import { SOURCE } from "./keys.js";
import { parseMatchFile } from "./parse-match.js";
import { planUnits } from "./plan-units.js";
import { schedule } from "./schedule.js";
import type { SourceMatch } from "./source-shape.js";

async function build(unit: ImportUnit, now: Date): Promise<BuiltUnit> {
  const matches: SourceMatch[] = [];
  for (const file of unit.files) matches.push(await parseMatchFile(file));
  const [first] = matches;
  if (first === undefined) throw new ImportError(unit.label, null, "no match files in this unit");
  const info = competitionInfo(first.competition);
  if (info === undefined) {
    throw new ImportError(
      first.path,
      null,
      `competition "${first.competition}" is not one this importer knows (${KNOWN_COMPETITIONS.join(", ")})`,
    );
  }
  const season = (first.dates[0] ?? "").slice(0, 4);
  for (const m of matches) {
    if (m.competition !== first.competition || !(m.dates[0] ?? "").startsWith(season)) {
      throw new ImportError(m.path, null, `not a match of ${first.competition} ${season}`);
    }
  }
  const seen = new Map<string, string>();
  for (const m of matches) {
    const other = seen.get(m.matchId);
    if (other !== undefined)
      throw new ImportError(m.path, null, `match ${m.matchId} is also in ${other}`);
    seen.set(m.matchId, m.path);
  }
  const dataset = buildSeason(info, season, schedule(info, matches), now);
  const records = matches.reduce(
    (sum, m) => sum + m.innings.reduce((n, i) => n + i.deliveries.length, 0),
    0,
  );
  return { dataset, records, matches: matches.length };
}

export const cricsheetFormat: ImportFormat = {
  name: "cricsheet",
  source: SOURCE,
  description: "Cricsheet ball-by-ball XML (0.9): IPL seasons with deliveries, tables and stats",
  sharedData: ["cricket/data"],
  plan: (paths) => planUnits(paths),
  build: (unit, _options, now) => build(unit, now),
};
