/**
 * Reads one Retrosheet play string (`S8/L8.2-H;B-2(E8/TH)`, `64(1)3/GDP/G6`, `K+SB2`,
 * `CS2(26)`…) into what happened: the kind of play, where the batter and each runner end up
 * (out, a base, or home), the fielders charged with errors and the modifiers. Forms follow
 * Retrosheet's event file specification: `basic[+running][/modifier…][.advance;advance…]`,
 * implied moves first (a single puts the batter on first, `SB3` moves the runner from second,
 * `6(1)3` puts out the runner from first and the batter), then explicit advances override them.
 * Throws `Error` with the reason for a string it cannot read. Pure.
 */

type PlayKind =
  | "single"
  | "double"
  | "triple"
  | "home_run"
  | "walk"
  | "intentional_walk"
  | "hit_by_pitch"
  | "strikeout"
  | "out"
  | "error"
  | "fielders_choice"
  | "interference"
  | "foul_error"
  | "no_play"
  | "stolen_base"
  | "caught_stealing"
  | "pickoff"
  | "wild_pitch"
  | "passed_ball"
  | "balk"
  | "defensive_indifference"
  | "other_advance";

/** Where one runner (or the batter) ends the play. */
interface Move {
  /** 1–3 a base, 4 home (a run); meaningless when `out`. */
  to: number;
  out: boolean;
  /** Explicit RBI flags: `(RBI)` true, `(NR)`/`(NORBI)` false, else null. */
  rbi: boolean | null;
}

/** A running play beside the basic one (`SB2;SB3`, the `SB2` of `K+SB2`). */
interface RunningPlay {
  kind: "stolen_base" | "caught_stealing" | "pickoff";
  /** The base stolen or tried for (4 home); for a pickoff, the base the runner was on. */
  base: number;
  /** Whether the runner was put out (an error in the throw saves him). */
  out: boolean;
}

export interface ParsedPlay {
  kind: PlayKind;
  /** The ground-rule double `DGR`. */
  groundRule: boolean;
  /** Whether the play ends the batter's plate appearance. */
  completesAppearance: boolean;
  /** Fielders of an out or of the basic play, e.g. `63`. */
  fielders: string;
  running: RunningPlay[];
  /** Other things in the basic play after `+` (wild pitch, passed ball, error…). */
  also: string[];
  modifiers: string[];
  /** Index 0 the batter, 1–3 the runner who began the play on that base; absent = did not move. */
  moves: Array<Move | undefined>;
  /** Fielding positions charged with an error on the play (distinct). */
  errors: number[];
}

const BASES: Record<string, number> = { B: 0, "1": 1, "2": 2, "3": 3, H: 4 };

/** Splits on `separator` outside parentheses. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const hasError = (text: string) => /E\d/.test(text);

function setMove(moves: Array<Move | undefined>, from: number, to: number, out: boolean): void {
  moves[from] = { to, out, rbi: null };
}

/** `SB2`, `CS3(25)`, `POCS2(14)`, `PO1(E1)`; null when the text is none of them. */
function runningPlay(text: string, moves: Array<Move | undefined>): RunningPlay | null {
  let match = /^SB([23H])$/.exec(text);
  if (match) {
    const base = BASES[match[1] ?? ""] ?? 0;
    setMove(moves, base - 1, base, false);
    return { kind: "stolen_base", base, out: false };
  }
  match = /^(?:PO)?CS([23H])((?:\([^)]*\))*)$/.exec(text);
  if (match) {
    const base = BASES[match[1] ?? ""] ?? 0;
    const out = !hasError(match[2] ?? "");
    setMove(moves, base - 1, base, out);
    return { kind: "caught_stealing", base, out };
  }
  match = /^PO([123])((?:\([^)]*\))*)$/.exec(text);
  if (match) {
    const base = BASES[match[1] ?? ""] ?? 0;
    const out = !hasError(match[2] ?? "");
    if (out) setMove(moves, base, base, true);
    return { kind: "pickoff", base, out };
  }
  return null;
}

const SIMPLE: Record<string, PlayKind> = {
  NP: "no_play",
  WP: "wild_pitch",
  PB: "passed_ball",
  BK: "balk",
  DI: "defensive_indifference",
  OA: "other_advance",
};

/** Reads the basic play (before `/` and `.`), setting implied moves. */
function basicPlay(
  basic: string,
  moves: Array<Move | undefined>,
): Pick<ParsedPlay, "kind" | "groundRule" | "fielders" | "running"> {
  const none = { groundRule: false, fielders: "", running: [] as RunningPlay[] };
  const simple = SIMPLE[basic];
  if (simple !== undefined) return { ...none, kind: simple };
  let match = /^(S|D|T)(\d*)$/.exec(basic);
  if (match) {
    const kind = match[1] === "S" ? "single" : match[1] === "D" ? "double" : "triple";
    setMove(moves, 0, match[1] === "S" ? 1 : match[1] === "D" ? 2 : 3, false);
    return { ...none, kind, fielders: match[2] ?? "" };
  }
  if (/^DGR\d*$/.test(basic)) {
    setMove(moves, 0, 2, false);
    return { ...none, kind: "double", groundRule: true };
  }
  if (basic === "HP") {
    setMove(moves, 0, 1, false);
    return { ...none, kind: "hit_by_pitch" };
  }
  match = /^HR?(\d*)$/.exec(basic);
  if (match) {
    setMove(moves, 0, 4, false);
    return { ...none, kind: "home_run", fielders: match[1] ?? "" };
  }
  if (basic === "W" || basic === "IW" || basic === "I") {
    setMove(moves, 0, 1, false);
    return { ...none, kind: basic === "W" ? "walk" : "intentional_walk" };
  }
  match = /^K(\d*)$/.exec(basic);
  if (match) {
    setMove(moves, 0, 0, true);
    return { ...none, kind: "strikeout", fielders: match[1] ?? "" };
  }
  match = /^\d*E(\d)$/.exec(basic);
  if (match) {
    setMove(moves, 0, 1, false);
    return { ...none, kind: "error", fielders: match[1] ?? "" };
  }
  match = /^FLE(\d)$/.exec(basic);
  if (match) return { ...none, kind: "foul_error", fielders: match[1] ?? "" };
  match = /^FC(\d*)$/.exec(basic);
  if (match) {
    setMove(moves, 0, 1, false);
    return { ...none, kind: "fielders_choice", fielders: match[1] ?? "" };
  }
  if (basic === "C") {
    setMove(moves, 0, 1, false);
    return { ...none, kind: "interference" };
  }
  if (/^(?:\d+|\([B123]\))+$/.test(basic) && /^\d/.test(basic)) {
    let batterOut = /\d$/.test(basic);
    for (const runner of basic.matchAll(/\(([B123])\)/g)) {
      const from = BASES[runner[1] ?? ""] ?? 0;
      if (from === 0) batterOut = true;
      else setMove(moves, from, from, true);
    }
    setMove(moves, 0, batterOut ? 0 : 1, batterOut);
    return { ...none, kind: "out", fielders: basic.replace(/\([B123]\)/g, "") };
  }
  const running = splitOutside(basic, ";").map((part) => runningPlay(part, moves));
  if (running.every((r): r is RunningPlay => r !== null)) {
    const first = running[0] as RunningPlay;
    return { ...none, kind: first.kind, running };
  }
  throw new Error(`unknown play ${JSON.stringify(basic)}`);
}

/** Reads one explicit advance, `1-3`, `2XH(E5)(UR)`, `B-2(E8/TH)`. */
function advance(text: string, moves: Array<Move | undefined>): void {
  const match = /^([B123])([-X])([123H])((?:\([^)]*\))*)$/.exec(text);
  if (!match) throw new Error(`advance ${JSON.stringify(text)} is not like 1-2 or 2XH(62)`);
  const from = BASES[match[1] ?? ""] ?? 0;
  const to = BASES[match[3] ?? ""] ?? 0;
  const flags = match[4] ?? "";
  // An error in the play on the runner (the first fielding parenthesis) makes him safe.
  const fielding = /\((\d*E\d[^)]*)\)|\((\d+)\)/.exec(flags);
  const out = match[2] === "X" && !(fielding?.[1] !== undefined);
  const rbi = /\(RBI\)/.test(flags) ? true : /\((?:NR|NORBI)\)/.test(flags) ? false : null;
  moves[from] = { to, out, rbi };
}

export function parsePlay(event: string): ParsedPlay {
  const [main = "", advances = ""] = (() => {
    const dot = event.indexOf(".");
    return dot < 0 ? [event, ""] : [event.slice(0, dot), event.slice(dot + 1)];
  })();
  const [basicText = "", ...modifiers] = splitOutside(main, "/");
  const [basic = "", ...plus] = splitOutside(basicText, "+");
  const moves: Array<Move | undefined> = [undefined, undefined, undefined, undefined];
  const parsed = basicPlay(basic, moves);
  const running = [...parsed.running];
  const also: string[] = [];
  for (const extra of plus.flatMap((p) => splitOutside(p, ";"))) {
    const play = runningPlay(extra, moves);
    if (play !== null) running.push(play);
    else if (SIMPLE[extra] !== undefined || /^E\d$/.test(extra)) also.push(extra);
    else throw new Error(`unknown play ${JSON.stringify(extra)} after +`);
  }
  if (advances !== "") for (const part of advances.split(";")) advance(part, moves);
  const errors = [...new Set([...event.matchAll(/E(\d)/g)].map((m) => Number(m[1])))];
  const completesAppearance = ![
    "no_play",
    "foul_error",
    "stolen_base",
    "caught_stealing",
    "pickoff",
    "wild_pitch",
    "passed_ball",
    "balk",
    "defensive_indifference",
    "other_advance",
  ].includes(parsed.kind);
  return { ...parsed, running, also, modifiers, moves, errors, completesAppearance };
}

/** The batted ball of an out or hit from its modifiers: `G56` ground, `F8D` fly, `L34+` line, `P5F` pop. */
export function battedBall(modifiers: readonly string[]): string | null {
  for (const modifier of modifiers) {
    const match = /^(B?)([GFLP])(?:\d[0-9A-Z+-]*|[+-]*)$/.exec(modifier);
    if (match) {
      const kind = { G: "ground", F: "fly", L: "line", P: "pop" }[
        match[2] as "G" | "F" | "L" | "P"
      ];
      return match[1] === "B" ? `bunt_${kind}` : kind;
    }
    const dp = /^(B?)([GFLP])[DT]P$/.exec(modifier);
    if (dp) return { G: "ground", F: "fly", L: "line", P: "pop" }[dp[2] as "G" | "F" | "L" | "P"];
  }
  return null;
}
