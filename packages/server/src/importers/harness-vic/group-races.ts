/**
 * Groups a file's runner rows into meetings (a track on a date) and races, and checks what only
 * the rows together can show: one track name per track id, one distance per race, each saddlecloth
 * once per race, and finishing places that rank the field 1..n (a dead heat shares a place and
 * the next place is skipped, as in the official results) with the winner 0 m behind.
 */
import { ImportError } from "../shared/import-format.js";
import type { RunnerRow } from "./parse-sectionals.js";

export interface Race {
  number: number;
  distanceM: number;
  /** In finishing order (then saddlecloth). */
  runners: RunnerRow[];
}

export interface Meeting {
  date: string;
  trackId: string;
  track: string;
  /** By race number. */
  races: Race[];
}

export function groupRaces(path: string, rows: readonly RunnerRow[]): Meeting[] {
  const trackNames = new Map<string, RunnerRow>();
  const meetings = new Map<string, { meeting: Meeting; races: Map<number, Race> }>();
  for (const row of rows) {
    const named = trackNames.get(row.trackId);
    if (named !== undefined && named.track !== row.track)
      throw new ImportError(
        path,
        row.line,
        `track "${row.track}" differs from "${named.track}" (line ${named.line}) for track_id ${row.trackId}`,
      );
    trackNames.set(row.trackId, named ?? row);
    const key = `${row.trackId}\u0000${row.date}`;
    const entry = meetings.get(key) ?? {
      meeting: { date: row.date, trackId: row.trackId, track: row.track, races: [] },
      races: new Map<number, Race>(),
    };
    meetings.set(key, entry);
    const race = entry.races.get(row.race) ?? {
      number: row.race,
      distanceM: row.distanceM,
      runners: [],
    };
    entry.races.set(row.race, race);
    const where = `${row.track} ${row.date} race ${row.race}`;
    if (race.distanceM !== row.distanceM)
      throw new ImportError(
        path,
        row.line,
        `distance_m ${row.distanceM} differs from ${race.distanceM} given earlier for ${where}`,
      );
    const twin = race.runners.find((r) => r.saddlecloth === row.saddlecloth);
    if (twin !== undefined)
      throw new ImportError(
        path,
        row.line,
        `saddlecloth ${row.saddlecloth} appears twice in ${where} (first on line ${twin.line})`,
      );
    race.runners.push(row);
  }
  const result = [...meetings.values()].map(({ meeting, races }) => ({
    ...meeting,
    races: [...races.values()].sort((a, b) => a.number - b.number),
  }));
  for (const meeting of result) for (const race of meeting.races) checkPlaces(path, race);
  return result.sort((a, b) => a.date.localeCompare(b.date) || a.track.localeCompare(b.track));
}

/** Sorts the runners into finishing order and checks the places rank the field. */
function checkPlaces(path: string, race: Race): void {
  const field = race.runners.length;
  const outside = race.runners.find((r) => r.place > field);
  if (outside !== undefined)
    throw new ImportError(
      path,
      outside.line,
      `place ${outside.place} in ${outside.track} ${outside.date} race ${outside.race}, which has ${field} runners: places must run 1..${field}`,
    );
  race.runners.sort((a, b) => a.place - b.place || a.saddlecloth - b.saddlecloth);
  race.runners.forEach((runner, i) => {
    const ahead = race.runners[i - 1];
    const where = `${runner.track} ${runner.date} race ${runner.race}`;
    const tie = ahead !== undefined && ahead.place === runner.place;
    if (runner.place !== i + 1 && !tie)
      throw new ImportError(
        path,
        runner.line,
        `place ${runner.place} in ${where}: ${i} runners finish ahead of it, so its place is ${i + 1} (places run 1..${field}, a dead heat sharing one)`,
      );
    if (tie && ahead.marginM !== runner.marginM)
      throw new ImportError(
        path,
        runner.line,
        `place ${runner.place} shared in ${where} (dead heat) with margins ${ahead.marginM} and ${runner.marginM} m`,
      );
    if (runner.place === 1 && runner.marginM !== 0)
      throw new ImportError(
        path,
        runner.line,
        `margin_m ${runner.marginM} for the winner of ${where}: a winner is 0 m behind`,
      );
  });
}
