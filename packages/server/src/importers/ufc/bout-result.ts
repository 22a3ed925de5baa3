/**
 * How a bout ended, in the combat-sports module's terms: the source's `Winner` and `finish`
 * (ufcstats' method) → the `finish` event's detail, the score folded from it, and the result's
 * `decided_by` and text.
 *
 * - `KO/TKO` → `tko`: ufcstats does not tell a knockout from a technical knockout, so every
 *   stoppage by strikes is stored as `tko` (the source's label stays in `result.method`).
 * - `SUB` → `submission`; `U-DEC`/`S-DEC`/`M-DEC` → `decision` (unanimous, split, majority), or
 *   `draw` when the cards were level; `DQ` → `disqualification`.
 * - `CNC` (could not continue) and `Overturned` (a result the commission later changed) → a
 *   `no_contest`; for an overturned result the original winner stays in `result.overturned`.
 * - An empty `finish` (238 older rows): the winner is known, the method is not; `decided_by` is
 *   null and no finish event is written.
 */
import { combatSports, type FinishMethod } from "../../sports/combat-sports.js";
import type { Outcome, Score, Side } from "../../sports/types.js";
import type { Bout, SourceFinish } from "./read-bout.js";

export interface BoutResult {
  /** The winner's side (red corner = home), or null (draw, no contest). */
  winner: Side | null;
  outcome: Outcome;
  decidedBy: FinishMethod | null;
  /** The `finish` event's detail; null when the method is not in the data. */
  finishDetail: Record<string, unknown> | null;
  score: Score;
  text: string;
  /** Extra result fields: the source's method label, its detail, round, time, decision kind. */
  extra: Record<string, unknown>;
}

const DECISION_KINDS: Partial<Record<SourceFinish, string>> = {
  "U-DEC": "unanimous",
  "S-DEC": "split",
  "M-DEC": "majority",
};

const WINNER_METHODS: Partial<Record<SourceFinish, FinishMethod>> = {
  "KO/TKO": "tko",
  SUB: "submission",
  "U-DEC": "decision",
  "S-DEC": "decision",
  "M-DEC": "decision",
  DQ: "disqualification",
};

const sideOf = (winner: Bout["winner"]): Side | null =>
  winner === "Red" ? "home" : winner === "Blue" ? "away" : null;

function methodOf(bout: Bout): FinishMethod | null {
  if (bout.finish === "CNC" || bout.finish === "Overturned" || bout.winner === "No Contest")
    return "no_contest";
  if (bout.winner === "Draw") return "draw";
  return bout.finish === null ? null : (WINNER_METHODS[bout.finish] ?? null);
}

export function boutResult(bout: Bout): BoutResult {
  const method = methodOf(bout);
  const winner = method === "no_contest" || method === "draw" ? null : sideOf(bout.winner);
  const decision = bout.finish === null ? undefined : DECISION_KINDS[bout.finish];
  const when = bout.finishRound === null ? {} : { round: bout.finishRound };
  const clock = bout.finishTime === null ? {} : { time: bout.finishTime };
  const extra: Record<string, unknown> = {
    method: bout.finish,
    method_detail: bout.finishDetail,
    ...when,
    ...clock,
    ...(decision === undefined ? {} : { decision }),
  };
  const original = sideOf(bout.winner);
  if (bout.finish === "Overturned" && original !== null) {
    const name = original === "home" ? bout.red.name : bout.blue.name;
    extra.overturned = { original_winner: name, original_winner_side: original };
  }
  let score: Score;
  let finishDetail: Record<string, unknown> | null = null;
  if (method === null) {
    score = { home: winner === "home" ? 1 : 0, away: winner === "away" ? 1 : 0 };
  } else {
    finishDetail = { method, ...when, ...clock, ...(decision === undefined ? {} : { decision }) };
    const event = { type: "finish", team: winner, detail: finishDetail };
    const folded = combatSports.applyEvent({ home: 0, away: 0 }, event);
    // The module writes round 0 and an empty time when the finish has none: keep only known ones.
    score = { home: folded.home, away: folded.away, method: folded.method, ...when, ...clock };
  }
  const outcome = combatSports.outcome(score) ?? winner ?? "no_result";
  return {
    winner,
    outcome,
    decidedBy: method,
    finishDetail,
    score,
    text: textOf(bout, method, decision),
    extra,
  };
}

function textOf(bout: Bout, method: FinishMethod | null, decision: string | undefined): string {
  const at = [
    bout.finishRound === null ? null : `round ${bout.finishRound}`,
    bout.finishTime,
  ].filter((part) => part !== null);
  const where = at.length === 0 ? "" : `, ${at.join(", ")}`;
  const how = bout.finishDetail === null ? "" : ` (${bout.finishDetail})`;
  const by = bout.finishDetail === null ? "" : ` by ${bout.finishDetail.toLowerCase()}`;
  const pair = `${bout.red.name} vs ${bout.blue.name}`;
  const side = sideOf(bout.winner);
  const [winnerName, loserName] =
    side === "home" ? [bout.red.name, bout.blue.name] : [bout.blue.name, bout.red.name];
  switch (method) {
    case "draw":
      return `${pair}: ${decision === undefined ? "" : `${decision} `}draw${where}`;
    case "no_contest": {
      const why =
        bout.finish === "Overturned"
          ? side === null
            ? " (result overturned)"
            : ` (overturned; ${winnerName} had won${by})`
          : bout.finish === "CNC"
            ? " (could not continue)"
            : "";
      return `${pair}: no contest${why}${where}`;
    }
    case null:
      return `${winnerName} def. ${loserName} (method not in the data)`;
    case "decision":
      return `${winnerName} def. ${loserName} by ${decision ?? "the judges'"} decision${where}`;
    case "tko":
      return `${winnerName} def. ${loserName} by KO/TKO${how}${where}`;
    default:
      return `${winnerName} def. ${loserName} by ${method.replace("_", " ")}${how}${where}`;
  }
}
