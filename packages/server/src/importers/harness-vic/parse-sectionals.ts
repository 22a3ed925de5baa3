/**
 * Reads one Victorian harness sectionals CSV (Australian Racing Open Data, from Harness Racing
 * Victoria's sectional reports): one row per runner of a race. Checks the header and every field
 * strictly and keeps each row's line number, so a bad value is reported by path and line.
 */
import { parse } from "csv-parse/sync";
import { ImportError } from "../shared/import-format.js";

const COLUMNS = [
  "date",
  "track_id",
  "track",
  "race",
  "distance_m",
  "saddlecloth",
  "place",
  "margin_m",
  "position_800m_m",
  "wide_800m",
  "position_400m_m",
  "wide_400m",
  "time",
  "own_third_quarter_sec",
  "own_fourth_quarter_sec",
  "gain_loss_q2_q3_m",
  "gain_loss_q3_finish_m",
] as const;

type Column = (typeof COLUMNS)[number];

/** The sectional figures of a runner; null where the timing system recorded none. */
export interface Sectionals {
  /** Metres behind the leader with 800 m to run. */
  position_800m_m: number | null;
  /** Horses wide (0 = the pegs) with 800 m to run. */
  wide_800m: number | null;
  position_400m_m: number | null;
  wide_400m: number | null;
  /** The runner's own time for the third and last quarters of the race, in seconds. */
  own_third_quarter_sec: number | null;
  own_fourth_quarter_sec: number | null;
  /** Metres gained (+) or lost (−) on the leader from the second to the third quarter… */
  gain_loss_q2_q3_m: number | null;
  /** …and from the third quarter to the finish. */
  gain_loss_q3_finish_m: number | null;
}

export interface RunnerRow {
  /** The file's line the row ends on (the header is line 1). */
  line: number;
  date: string;
  trackId: string;
  track: string;
  race: number;
  distanceM: number;
  saddlecloth: number;
  place: number;
  /** Metres behind the winner at the finish (0 for the winner). */
  marginM: number;
  /** Race time as published (`2:43.79`) and in seconds. */
  time: string;
  timeSec: number;
  sectionals: Sectionals;
}

/** A record and the line it ends on. */
interface Located {
  record: string[];
  info: { lines: number };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const RACE_TIME = /^(\d+):([0-5]\d(\.\d+)?)$/;

export function parseSectionals(path: string, text: string): RunnerRow[] {
  let records: Located[];
  try {
    // With `info: true` each record comes with its position; the typings lack that overload.
    const options = { info: true, bom: true, skip_empty_lines: true };
    records = parse(text, options) as unknown as Located[];
  } catch (error) {
    const lines = (error as { lines?: unknown }).lines;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportError(path, typeof lines === "number" ? lines : null, `invalid CSV: ${reason}`);
  }
  const [header, ...rows] = records;
  if (header === undefined) throw new ImportError(path, null, "empty file: no header row");
  if (header.record.join(",") !== COLUMNS.join(","))
    throw new ImportError(path, header.info.lines, `header must be: ${COLUMNS.join(",")}`);
  if (rows.length === 0) throw new ImportError(path, null, "no runner rows after the header");
  return rows.map(({ record, info }) => runnerRow(path, info.lines, record));
}

function runnerRow(path: string, line: number, record: string[]): RunnerRow {
  const field = (column: Column) => (record[COLUMNS.indexOf(column)] ?? "").trim();
  const fail = (column: Column, expected: string): never => {
    throw new ImportError(path, line, `${column} "${field(column)}" is not ${expected}`);
  };
  const text = (column: Column) => field(column) || fail(column, "a non-empty text");
  const whole = (column: Column, min: number) => {
    const value = field(column);
    const n = INTEGER.test(value) ? Number(value) : Number.NaN;
    return n >= min ? n : fail(column, `a whole number of at least ${min}`);
  };
  const decimal = (column: Column, min = Number.NEGATIVE_INFINITY) => {
    const value = field(column);
    const n = DECIMAL.test(value) ? Number(value) : Number.NaN;
    return n >= min ? n : fail(column, min === 0 ? "a number ≥ 0" : "a number");
  };
  const optional = <T>(column: Column, read: () => T): T | null =>
    field(column) === "" ? null : read();
  const time = field("time");
  const timeSec = raceSeconds(time) ?? fail("time", "a race time like 2:43.79");
  return {
    line,
    date: calendarDate(field("date")) ?? fail("date", "a date YYYY-MM-DD"),
    trackId: text("track_id"),
    track: text("track"),
    race: whole("race", 1),
    distanceM: whole("distance_m", 1),
    saddlecloth: whole("saddlecloth", 1),
    place: whole("place", 1),
    marginM: decimal("margin_m", 0),
    time,
    timeSec,
    sectionals: {
      position_800m_m: optional("position_800m_m", () => decimal("position_800m_m", 0)),
      wide_800m: optional("wide_800m", () => whole("wide_800m", 0)),
      position_400m_m: optional("position_400m_m", () => decimal("position_400m_m", 0)),
      wide_400m: optional("wide_400m", () => whole("wide_400m", 0)),
      own_third_quarter_sec: optional("own_third_quarter_sec", () =>
        decimal("own_third_quarter_sec", 0),
      ),
      own_fourth_quarter_sec: optional("own_fourth_quarter_sec", () =>
        decimal("own_fourth_quarter_sec", 0),
      ),
      gain_loss_q2_q3_m: optional("gain_loss_q2_q3_m", () => decimal("gain_loss_q2_q3_m")),
      gain_loss_q3_finish_m: optional("gain_loss_q3_finish_m", () =>
        decimal("gain_loss_q3_finish_m"),
      ),
    },
  };
}

/** The date when it is a real calendar day. */
function calendarDate(value: string): string | null {
  const match = DATE.exec(value);
  if (match === null) return null;
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value ? null : value;
}

/** `2:43.79` → 163.79 (rounded to the hundredth, as published). */
function raceSeconds(value: string): number | null {
  const match = RACE_TIME.exec(value);
  if (match === null) return null;
  const seconds = Number(match[1]) * 60 + Number(match[2]);
  return seconds > 0 ? Math.round(seconds * 100) / 100 : null;
}
