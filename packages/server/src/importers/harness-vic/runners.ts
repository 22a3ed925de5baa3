/**
 * A race's `participants` and `result` in the shapes the sample's horse racing writes (runner id,
 * saddlecloth `number`, `position`, `status`, `horse`…), plus what the HRV sectional report
 * adds: margin and race time, positions and wides at 800 m and 400 m, own last two quarters and
 * gains/losses. The source publishes NO horse, driver or trainer names (withheld upstream), so
 * those fields are null and each runner says so in `note`; a runner is known by its saddlecloth.
 */
import { derivedId } from "../../lib/ids.js";
import type { Race } from "./group-races.js";
import type { RunnerRow, Sectionals } from "./parse-sectionals.js";

export const SOURCE = "harness-vic";
export const SPORT = "horse-racing";

const NAMES_NOTE =
  "No horse, driver or trainer names: the source publishes none; the runner is its saddlecloth number in this race.";

export interface Runner {
  /** Stable id of this runner in this race (not of the horse, which the source does not name). */
  runner_id: string;
  /** Saddlecloth number. */
  number: number;
  horse: null;
  /** Harness racing's driver: not in the source. */
  jockey: null;
  jockey_id: null;
  trainer: null;
  age: null;
  weight_kg: null;
  /** Barrier draw: not in the source. */
  draw: null;
  position: number;
  /** The sample's margin to the horse ahead, in lengths: the source has metres to the winner. */
  margin: null;
  /** Metres behind the winner at the finish. */
  margin_m: number;
  /** Race time as published (`2:43.79`) and in seconds. */
  time: string;
  time_sec: number;
  sectionals: Sectionals;
  /** Starting price: the source has no odds. */
  sp: null;
  status: "ran";
  note: string;
}

function runnerId(row: RunnerRow): string {
  return derivedId("rn", SOURCE, SPORT, row.trackId, row.date, row.race, row.saddlecloth);
}

/** The runners in finishing order. */
export function participants(race: Race): Runner[] {
  return race.runners.map((row) => ({
    runner_id: runnerId(row),
    number: row.saddlecloth,
    horse: null,
    jockey: null,
    jockey_id: null,
    trainer: null,
    age: null,
    weight_kg: null,
    draw: null,
    position: row.place,
    margin: null,
    margin_m: row.marginM,
    time: row.time,
    time_sec: row.timeSec,
    sectionals: row.sectionals,
    sp: null,
    status: "ran",
    note: NAMES_NOTE,
  }));
}

/**
 * `{outcome, winner_team_id, decided_by, text}` as the API's results carry, with the winner by
 * runner id and saddlecloth. A dead heat names every winner; `decided_by` is `regulation` (the
 * source does not say when a photo or the stewards decided a race).
 */
export function raceResult(race: Race) {
  const winners = race.runners.filter((r) => r.place === 1);
  const first = winners[0] as RunnerRow;
  const numbers = winners.map((w) => `No. ${w.saddlecloth}`);
  const text =
    winners.length > 1
      ? `Dead heat: ${numbers.join(" and ")} in ${first.time} (horse names not in the source data)`
      : `${numbers[0]} won in ${first.time} (horse name not in the source data)`;
  return {
    outcome: null,
    winner_team_id: null,
    winner_runner_id: runnerId(first),
    winner_number: first.saddlecloth,
    dead_heat: winners.length > 1,
    decided_by: "regulation",
    text,
    distance_m: race.distanceM,
    winning_time: first.time,
    runners: race.runners.length,
    kickoff_approximate: true,
  };
}
