/**
 * FiveThirtyEight's play-off codes as round names: `p` play-in, `q` first round (quarter-finals
 * of a conference), `s` conference semi-finals, `c` conference finals, `f` the NBA Finals. The
 * play-in tournament is a round of its own in the play-off companion competition.
 */

export type PlayoffRound =
  | "Play-In"
  | "First Round"
  | "Conference Semifinals"
  | "Conference Finals"
  | "NBA Finals";

const ROUNDS: Readonly<Record<string, PlayoffRound>> = {
  p: "Play-In",
  q: "First Round",
  s: "Conference Semifinals",
  c: "Conference Finals",
  f: "NBA Finals",
};

/** The round a code names, or undefined for a code FiveThirtyEight does not use. */
export function playoffRound(code: string): PlayoffRound | undefined {
  return ROUNDS[code];
}
