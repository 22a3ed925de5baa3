/**
 * One CSV row → a checked `Bout`: the fighters (red and blue corner) with their attributes that
 * night, the card (date, location), the bout's terms (weight class, gender, title, scheduled
 * rounds), how it ended, and the closing odds in American format. Fields the importer needs are
 * required; odds, stance and the finish's method, round and time may be empty (older rows lack
 * them). Anything else out of shape is an `ImportError` naming the line and the field. Pure.
 */
import { americanToDecimal } from "../../odds/formats.js";
import { ImportError } from "../shared/import-format.js";
import type { Column, CsvRecord } from "./read-csv.js";

const SOURCE_WINNERS = ["Red", "Blue", "Draw", "No Contest"] as const;
type SourceWinner = (typeof SOURCE_WINNERS)[number];
const SOURCE_FINISHES = [
  "KO/TKO",
  "SUB",
  "U-DEC",
  "S-DEC",
  "M-DEC",
  "DQ",
  "CNC",
  "Overturned",
] as const;
export type SourceFinish = (typeof SOURCE_FINISHES)[number];

/** A fighter as the row describes them on the night. */
export interface FighterNight {
  name: string;
  stance: string | null;
  heightCm: number | null;
  reachCm: number | null;
  weightLbs: number | null;
}

/** American prices per corner; null where the row has none. */
export interface CornerPrices {
  red: number | null;
  blue: number | null;
}

interface BoutOdds {
  moneyline: CornerPrices;
  decision: CornerPrices;
  submission: CornerPrices;
  koTko: CornerPrices;
}

export interface Bout {
  line: number;
  /** The card's local date, `YYYY-MM-DD`. */
  date: string;
  location: string;
  red: FighterNight;
  blue: FighterNight;
  winner: SourceWinner;
  titleBout: boolean;
  weightClass: string;
  gender: "men" | "women";
  scheduledRounds: number;
  finish: SourceFinish | null;
  finishDetail: string | null;
  finishRound: number | null;
  /** `m:ss` into the finish round. */
  finishTime: string | null;
  odds: BoutOdds;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^[0-5]?\d:[0-5]\d$/;
const MAX_ROUNDS = 5;

export function readBout(path: string, record: CsvRecord): Bout {
  const { line, values } = record;
  const fail = (column: Column, expected: string): never => {
    const found = values[column] ?? "";
    throw new ImportError(
      path,
      line,
      `${column}: expected ${expected}, found ${found === "" ? "nothing" : JSON.stringify(found)}`,
    );
  };
  const text = (column: Column): string => (values[column] ?? "").trim();
  const required = (column: Column, expected: string): string =>
    text(column) || fail(column, expected);
  const oneOf = <T extends string>(column: Column, allowed: readonly T[]): T => {
    const value = text(column);
    return (allowed as readonly string[]).includes(value)
      ? (value as T)
      : fail(column, `one of ${allowed.join(", ")}`);
  };
  /** An optional measure: empty or 0 (the file's "unknown") is null. */
  const measure = (column: Column): number | null => {
    const value = text(column);
    if (value === "") return null;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) return fail(column, "a positive number or nothing");
    return n === 0 ? null : n;
  };
  const wholeNumber = (column: Column, max: number): number | null => {
    const value = text(column);
    if (value === "") return null;
    const n = Number(value);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : fail(column, `a whole number 1-${max}`);
  };
  const price = (column: Column): number | null => {
    const value = text(column);
    if (value === "") return null;
    const n = Number(value);
    try {
      americanToDecimal(n);
    } catch {
      return fail(column, "an American price (+100 or more, -100 or less) or nothing");
    }
    return n;
  };
  const fighter = (corner: "R" | "B"): FighterNight => ({
    name: required(`${corner}_fighter`, "the fighter's name"),
    stance: text(`${corner}_Stance`) || null,
    heightCm: measure(`${corner}_Height_cms`),
    reachCm: measure(`${corner}_Reach_cms`),
    weightLbs: measure(`${corner}_Weight_lbs`),
  });

  const date = required("date", "a date YYYY-MM-DD");
  if (!isCalendarDate(date)) fail("date", "a date YYYY-MM-DD");
  const red = fighter("R");
  const blue = fighter("B");
  if (red.name === blue.name) fail("B_fighter", "a fighter other than R_fighter");
  const listedRounds = wholeNumber("no_of_rounds", MAX_ROUNDS) ?? fail("no_of_rounds", "1-5");
  const finishRound = wholeNumber("finish_round", MAX_ROUNDS);
  // Eleven five-round fights are listed with 3 rounds but ended in round 4 or 5: the fight is
  // the better witness of how many rounds were scheduled.
  const scheduledRounds = Math.max(listedRounds, finishRound ?? 0);
  const finishTime = text("finish_round_time") || null;
  if (finishTime !== null && !CLOCK.test(finishTime)) fail("finish_round_time", "m:ss");
  const winner = oneOf("Winner", SOURCE_WINNERS);
  const finish = text("finish") === "" ? null : oneOf("finish", SOURCE_FINISHES);
  checkFinish(winner, finish, (expected) => fail("finish", expected));
  return {
    line,
    date,
    location: required("location", "the card's location"),
    red,
    blue,
    winner,
    titleBout: oneOf("title_bout", ["True", "False"]) === "True",
    weightClass: required("weight_class", "a weight class"),
    gender: oneOf("gender", ["MALE", "FEMALE"]) === "MALE" ? "men" : "women",
    scheduledRounds,
    finish,
    finishDetail: text("finish_details") || null,
    finishRound,
    finishTime,
    odds: {
      moneyline: { red: price("R_odds"), blue: price("B_odds") },
      decision: { red: price("r_dec_odds"), blue: price("b_dec_odds") },
      submission: { red: price("r_sub_odds"), blue: price("b_sub_odds") },
      koTko: { red: price("r_ko_odds"), blue: price("b_ko_odds") },
    },
  };
}

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

const DECISIONS: readonly SourceFinish[] = ["U-DEC", "S-DEC", "M-DEC"];

/** A draw ends on the cards (or is a result later overturned); a no contest is CNC or overturned. */
function checkFinish(
  winner: SourceWinner,
  finish: SourceFinish | null,
  fail: (expected: string) => never,
): void {
  if (finish === null || finish === "Overturned") return;
  if (winner === "Draw" && !DECISIONS.includes(finish))
    fail("a decision (U-DEC, S-DEC, M-DEC) or Overturned for a draw");
  if (winner === "No Contest" && finish !== "CNC") fail("CNC or Overturned for a no contest");
  if (finish === "CNC" && winner !== "No Contest") fail("a method with a winner, not CNC");
}
