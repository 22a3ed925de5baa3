/**
 * Replays one game's records in order — lineups, substitutions, the extra-innings runner placed
 * on second (`radj`) and every play — keeping the bases, outs, pitchers and batting order, and
 * turns it into match events with the score after each, the line score by inning, lineups and
 * each player's contributions to the season statistics. Players are still Retrosheet ids here.
 */
import { baseball } from "../../sports/baseball.js";
import { ordinal } from "../../sports/module-parts.js";
import type { Score, Side } from "../../sports/types.js";
import { ImportError } from "../shared/import-format.js";
import { battedBall, type ParsedPlay, parsePlay } from "./event-string.js";
import { FIELDING_POSITIONS } from "./mlb-knowledge.js";
import type { GameLines, LineupLine, PlayLine } from "./parse-files.js";

interface GameEvent {
  type: string;
  period: string;
  side: Side;
  player: string | null;
  related: string | null;
  detail: Record<string, unknown>;
  score: Score;
}

interface LineupEntry {
  player: string;
  name: string;
  position: string;
  batting_order: number | null;
  role?: string;
  period?: string;
}

export interface PlayedGame {
  events: GameEvent[];
  score: Score;
  lastPeriod: string | null;
  innings: number;
  lineups: Record<Side, { starters: LineupEntry[]; substitutes: LineupEntry[] }>;
  /** Player id → stat → amount, for this game. */
  credits: Map<string, Map<string, number>>;
  /** Who played for each side (for appearances). */
  appeared: Record<Side, Set<string>>;
  starters: Record<Side, Set<string>>;
}

interface Runner {
  player: string;
  /** The pitcher charged if this runner scores. */
  pitcher: string;
}

const SIDES: readonly Side[] = ["away", "home"];
const RBI_KINDS = new Set([
  "single",
  "double",
  "triple",
  "home_run",
  "walk",
  "intentional_walk",
  "hit_by_pitch",
  "out",
  "fielders_choice",
  "interference",
]);
const HIT_TYPES: Record<string, string> = { single: "single", double: "double", triple: "triple" };
const NO_AT_BAT = new Set(["walk", "intentional_walk", "hit_by_pitch", "interference"]);
const ADVANCE_KINDS = new Set([
  "wild_pitch",
  "passed_ball",
  "balk",
  "defensive_indifference",
  "other_advance",
  "interference",
]);

const periodOf = (inning: number, side: 0 | 1) =>
  `${side === 0 ? "top" : "bottom"}_${ordinal(inning)}`;

export function playGame(game: GameLines): PlayedGame {
  return new GameReplay(game).run();
}

class GameReplay {
  private readonly events: GameEvent[] = [];
  private score: Score = baseball.emptyScore() as Score;
  private half: { inning: number; side: 0 | 1 } | null = null;
  private halfTally = { runs: 0, hits: 0, errors: 0 };
  private outs = 0;
  private bases: Array<Runner | null> = [null, null, null, null];
  private readonly slots: [Map<number, string>, Map<number, string>] = [new Map(), new Map()];
  private readonly fielders: [Map<number, string>, Map<number, string>] = [new Map(), new Map()];
  private readonly pitcher: [string, string] = ["", ""];
  private readonly names = new Map<string, string>();
  private readonly credits = new Map<string, Map<string, number>>();
  private readonly appeared: Record<Side, Set<string>> = { away: new Set(), home: new Set() };
  private readonly starterIds: Record<Side, Set<string>> = { away: new Set(), home: new Set() };
  private readonly lineups: PlayedGame["lineups"] = {
    away: { starters: [], substitutes: [] },
    home: { starters: [], substitutes: [] },
  };
  private bottomPlayed = new Set<number>();

  constructor(private readonly game: GameLines) {}

  private fail(line: number, reason: string): never {
    throw new ImportError(this.game.path, line, `game ${this.game.id}: ${reason}`);
  }

  private credit(player: string, stat: string, amount = 1): void {
    const stats = this.credits.get(player) ?? new Map<string, number>();
    stats.set(stat, (stats.get(stat) ?? 0) + amount);
    this.credits.set(player, stats);
  }

  run(): PlayedGame {
    for (const starter of this.game.starters) this.start(starter);
    for (const side of [0, 1] as const) {
      if (this.pitcher[side] === "")
        this.fail(this.game.line, `no starting pitcher for team ${side}`);
    }
    // The half-inning each record belongs to: its own for a play, the next play's otherwise.
    const items = this.game.items;
    const halves: Array<{ inning: number; side: 0 | 1 } | null> = new Array(items.length).fill(
      null,
    );
    let next: { inning: number; side: 0 | 1 } | null = null;
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item?.kind === "play") next = { inning: item.play.inning, side: item.play.side };
      halves[i] = next;
    }
    items.forEach((item, i) => {
      const line =
        item.kind === "play" ? item.play.line : item.kind === "sub" ? item.sub.line : item.line;
      const half = halves[i];
      if (half) this.enter(half.inning, half.side, line);
      if (item.kind === "play") this.play(item.play);
      else if (item.kind === "sub") this.substitute(item.sub);
      else this.placeRunner(item.player, item.base, line);
    });
    if (this.half === null) this.fail(this.game.line, "the game has no plays");
    this.closeHalf();
    const innings = this.half.inning;
    const line = (this.score.innings as Array<Record<string, unknown>>).map((entry) =>
      entry.inning === innings && !this.bottomPlayed.has(innings)
        ? { ...entry, bottom_played: false }
        : entry,
    );
    const score = { ...this.score, innings: line };
    for (const [pitcher, runs] of this.game.earnedRuns) this.credit(pitcher, "earned_runs", runs);
    return {
      events: this.events,
      score,
      lastPeriod: periodOf(this.half.inning, this.half.side),
      innings,
      lineups: this.lineups,
      credits: this.credits,
      appeared: this.appeared,
      starters: this.starterIds,
    };
  }

  private start(starter: LineupLine): void {
    const side = SIDES[starter.side] as Side;
    this.names.set(starter.player, starter.name);
    this.place(starter);
    this.appeared[side].add(starter.player);
    this.starterIds[side].add(starter.player);
    this.lineups[side].starters.push({
      player: starter.player,
      name: starter.name,
      position: FIELDING_POSITIONS[starter.position] ?? String(starter.position),
      batting_order: starter.order === 0 ? null : starter.order,
    });
    if (starter.position === 1) this.credit(starter.player, "games_started");
  }

  /** Puts a player in a batting slot and a fielding position. */
  private place(entry: LineupLine): string | undefined {
    const replaced = entry.order > 0 ? this.slots[entry.side].get(entry.order) : undefined;
    if (entry.order > 0) this.slots[entry.side].set(entry.order, entry.player);
    const fielders = this.fielders[entry.side];
    for (const [position, player] of fielders)
      if (player === entry.player) fielders.delete(position);
    if (entry.position <= 10) fielders.set(entry.position, entry.player);
    if (entry.position === 1) {
      if (this.pitcher[entry.side] !== entry.player) this.credit(entry.player, "games_pitched");
      this.pitcher[entry.side] = entry.player;
    }
    if (replaced !== undefined && replaced !== entry.player) {
      for (const runner of this.bases)
        if (runner?.player === replaced) runner.player = entry.player;
    }
    return replaced;
  }

  private enter(inning: number, side: 0 | 1, line: number): void {
    const half = this.half;
    if (half !== null && half.inning === inning && half.side === side) return;
    if (half !== null && (inning < half.inning || (inning === half.inning && side < half.side))) {
      this.fail(line, `${periodOf(inning, side)} comes after ${periodOf(half.inning, half.side)}`);
    }
    if (half !== null) this.closeHalf();
    this.half = { inning, side };
    this.outs = 0;
    this.bases = [null, null, null, null];
    this.halfTally = { runs: 0, hits: 0, errors: 0 };
    if (side === 1) this.bottomPlayed.add(inning);
    const innings = (this.score.innings as Array<{ inning: number }>) ?? [];
    if (!innings.some((entry) => entry.inning === inning)) {
      this.score = { ...this.score, innings: [...innings, { inning, home: 0, away: 0 }] };
    }
  }

  private closeHalf(): void {
    const half = this.half;
    if (half === null) return;
    const leftOnBase = this.bases.filter((b) => b !== null).length;
    this.emit("inning_end", half.side, null, null, { ...this.halfTally, left_on_base: leftOnBase });
  }

  private emit(
    type: string,
    batting: 0 | 1,
    player: string | null,
    related: string | null,
    detail: Record<string, unknown>,
    team: "batting" | "fielding" = "batting",
  ): void {
    const half = this.half as { inning: number; side: 0 | 1 };
    const side = SIDES[team === "batting" ? batting : 1 - batting] as Side;
    const period = periodOf(half.inning, half.side);
    this.score = baseball.applyEvent(this.score, { type, team: side, period, detail });
    this.events.push({ type, period, side, player, related, detail, score: this.score });
  }

  private substitute(sub: LineupLine): void {
    const side = SIDES[sub.side] as Side;
    const wasPitcher = this.pitcher[sub.side];
    const isNew = !this.appeared[side].has(sub.player);
    this.names.set(sub.player, sub.name);
    const replaced = this.place(sub);
    const position = FIELDING_POSITIONS[sub.position] ?? String(sub.position);
    const batting = (this.half?.side ?? 0) as 0 | 1;
    const team = sub.side === batting ? "batting" : "fielding";
    if (sub.position === 1 && wasPitcher !== sub.player) {
      this.emit(
        "pitching_change",
        batting,
        sub.player,
        wasPitcher,
        { batting_order: sub.order || null },
        team,
      );
    } else if (isNew) {
      const role =
        sub.position === 11 ? "pinch_hitter" : sub.position === 12 ? "pinch_runner" : "defensive";
      this.emit(
        "substitution",
        batting,
        sub.player,
        replaced ?? null,
        { role, position, batting_order: sub.order || null },
        team,
      );
    }
    if (isNew) {
      this.appeared[side].add(sub.player);
      const half = this.half;
      this.lineups[side].substitutes.push({
        player: sub.player,
        name: sub.name,
        position,
        batting_order: sub.order === 0 ? null : sub.order,
        role:
          sub.position === 1
            ? "pitcher"
            : sub.position === 11
              ? "pinch_hitter"
              : sub.position === 12
                ? "pinch_runner"
                : "defensive",
        ...(half ? { period: periodOf(half.inning, half.side) } : {}),
      });
    }
  }

  private placeRunner(player: string, base: number, line: number): void {
    if (this.bases[base] !== null && this.bases[base] !== undefined)
      this.fail(line, `radj: base ${base} is taken`);
    const fielding = 1 - (this.half?.side ?? 0);
    this.bases[base] = { player, pitcher: this.pitcher[fielding] ?? "" };
  }

  private play(play: PlayLine): void {
    let parsed: ParsedPlay;
    try {
      parsed = parsePlay(play.event);
    } catch (error) {
      this.fail(play.line, `play ${JSON.stringify(play.event)}: ${(error as Error).message}`);
    }
    if (parsed.kind === "no_play") return;
    const batting = play.side;
    const fielding = (1 - batting) as 0 | 1;
    const pitcher = this.pitcher[fielding];
    const batter = play.batter;
    const before = this.bases;
    const after: Array<Runner | null> = [null, null, null, null];
    const scored: Array<{ runner: Runner; rbi: boolean }> = [];
    let outs = 0;
    const defaultRbi =
      parsed.completesAppearance &&
      RBI_KINDS.has(parsed.kind) &&
      !parsed.modifiers.some((m) => /^(?:B?[GP]DP|GTP)$/.test(m)) &&
      !parsed.also.some((a) => /^(?:WP|PB|E\d)$/.test(a));
    const land = (runner: Runner, to: number) => {
      if (to === 4) return;
      if (after[to] !== null)
        this.fail(play.line, `play ${JSON.stringify(play.event)}: two runners end on base ${to}`);
      after[to] = runner;
    };
    const stayed: Array<[number, Runner]> = [];
    for (let from = 3; from >= 1; from--) {
      const runner = before[from] ?? null;
      const move = parsed.moves[from];
      if (runner === null) {
        if (move !== undefined)
          this.fail(play.line, `play ${JSON.stringify(play.event)}: no runner on base ${from}`);
        continue;
      }
      if (move === undefined) stayed.push([from, runner]);
      else if (move.out) outs++;
      else if (move.to === 4) scored.push({ runner, rbi: move.rbi ?? defaultRbi });
      else land(runner, move.to);
    }
    const batterMove = parsed.moves[0];
    if (batterMove !== undefined) {
      const runner = { player: batter, pitcher };
      if (batterMove.out) outs++;
      else if (batterMove.to === 4) scored.push({ runner, rbi: batterMove.rbi ?? defaultRbi });
      else land(runner, batterMove.to);
    }
    // A runner the string leaves in place but whose base is taken was forced on (implied).
    for (const [from, runner] of stayed.reverse()) {
      let base = from;
      while (base < 4 && after[base] !== null) base++;
      if (base === 4) scored.push({ runner, rbi: defaultRbi });
      else after[base] = runner;
    }
    this.outs += outs;
    if (this.outs > 3)
      this.fail(
        play.line,
        `play ${JSON.stringify(play.event)}: more than three outs in the half-inning`,
      );
    this.bases = after;
    this.credit(pitcher, "outs_pitched", outs);
    this.recordPlay(play, parsed, before, scored, outs, batting);
  }

  private recordPlay(
    play: PlayLine,
    parsed: ParsedPlay,
    before: Array<Runner | null>,
    scored: Array<{ runner: Runner; rbi: boolean }>,
    outs: number,
    batting: 0 | 1,
  ): void {
    const fielding = (1 - batting) as 0 | 1;
    const pitcher = this.pitcher[fielding];
    const batter = play.batter;
    const kind = parsed.kind;
    const common = { batter_id: batter, pitcher_id: pitcher, play: play.event };
    const modifiers = parsed.modifiers;
    const sacrifice = modifiers.includes("SF") ? "fly" : modifiers.includes("SH") ? "bunt" : null;
    const doublePlay = modifiers.some((m) => /DP$/.test(m));
    const triplePlay = modifiers.some((m) => /TP$/.test(m));
    // The batter's own numbers.
    if (parsed.completesAppearance) {
      this.credit(batter, "plate_appearances");
      this.credit(pitcher, "batters_faced");
      if (!NO_AT_BAT.has(kind) && sacrifice === null) this.credit(batter, "at_bats");
      if (sacrifice === "fly") this.credit(batter, "sacrifice_flies");
      if (sacrifice === "bunt") this.credit(batter, "sacrifice_hits");
      const rbi = scored.filter((s) => s.rbi).length;
      if (rbi > 0) this.credit(batter, "rbi", rbi);
    }
    if (HIT_TYPES[kind] !== undefined || kind === "home_run") {
      this.credit(batter, "hits");
      this.credit(pitcher, "hits_allowed");
      this.halfTally.hits++;
      if (kind === "double") this.credit(batter, "doubles");
      if (kind === "triple") this.credit(batter, "triples");
      if (kind === "home_run") {
        this.credit(batter, "home_runs");
        this.credit(pitcher, "home_runs_allowed");
      }
    }
    if (kind === "walk" || kind === "intentional_walk") {
      this.credit(batter, "walks");
      this.credit(pitcher, "walks_allowed");
      if (kind === "intentional_walk") this.credit(batter, "intentional_walks");
    }
    if (kind === "hit_by_pitch") this.credit(batter, "hit_by_pitch");
    if (kind === "strikeout") {
      this.credit(batter, "strikeouts");
      this.credit(pitcher, "strikeouts_pitched");
    }
    // The play's main event.
    const battedBallKind = battedBall(modifiers);
    const reached = parsed.moves[0] !== undefined && !parsed.moves[0].out;
    if (HIT_TYPES[kind] !== undefined) {
      this.emit("hit", batting, batter, pitcher, {
        ...common,
        hit_type: kind,
        ground_rule: parsed.groundRule,
        batted_ball: battedBallKind,
      });
    } else if (kind === "home_run") {
      this.emit("home_run", batting, batter, pitcher, {
        ...common,
        runs: scored.length,
        scorers: scored.map((s) => s.runner.player),
        inside_the_park: parsed.fielders !== "",
      });
    } else if (kind === "walk" || kind === "intentional_walk") {
      this.emit("walk", batting, batter, pitcher, {
        ...common,
        intentional: kind === "intentional_walk",
      });
    } else if (kind === "hit_by_pitch") {
      this.emit("hit_by_pitch", batting, batter, pitcher, common);
    } else if (kind === "strikeout") {
      this.emit(
        "strikeout",
        batting,
        pitcher,
        batter,
        { ...common, reached_base: reached, also: parsed.also },
        "fielding",
      );
    } else if (
      kind === "out" ||
      (kind === "fielders_choice" && outs > 0) ||
      (kind === "pickoff" && outs > 0)
    ) {
      this.emit(
        "out",
        batting,
        kind === "pickoff"
          ? this.runnerAt(before, parsed.running[0]?.base ?? 0, play.line)
          : batter,
        pitcher,
        {
          ...common,
          kind: kind === "out" ? (battedBallKind ?? "fielded") : kind,
          outs,
          fielders: parsed.fielders,
          double_play: doublePlay,
          triple_play: triplePlay,
          sacrifice,
        },
      );
    } else if (ADVANCE_KINDS.has(kind) || kind === "fielders_choice") {
      this.emit(
        "advance",
        batting,
        kind === "passed_ball" ? (this.fielders[fielding].get(2) ?? null) : pitcher,
        batter,
        {
          ...common,
          kind,
        },
      );
    }
    for (const running of parsed.running) {
      const from = running.kind === "pickoff" ? running.base : running.base - 1;
      const runner = this.runnerAt(before, from, play.line);
      if (running.kind === "stolen_base") {
        this.credit(runner, "stolen_bases");
        this.emit("stolen_base", batting, runner, pitcher, { ...common, base: running.base });
      } else if (running.kind === "caught_stealing") {
        if (running.out) this.credit(runner, "caught_stealing");
        this.emit("caught_stealing", batting, runner, pitcher, {
          ...common,
          base: running.base,
          out: running.out,
          pickoff: play.event.startsWith("POCS"),
        });
      }
    }
    const primaryError = kind === "error" || kind === "foul_error" ? Number(parsed.fielders) : null;
    for (const position of parsed.errors) {
      const fielder = this.fielders[fielding].get(position) ?? null;
      this.halfTally.errors++;
      const detail = {
        ...common,
        position: FIELDING_POSITIONS[position] ?? String(position),
        batter_reached: position === primaryError && kind === "error",
        foul: kind === "foul_error",
      };
      this.emit("error", batting, fielder, batter, detail, "fielding");
    }
    for (const { runner, rbi } of scored) {
      this.credit(runner.player, "runs");
      this.credit(runner.pitcher, "runs_allowed");
      this.halfTally.runs++;
      if (kind === "home_run") continue;
      this.emit("run", batting, runner.player, rbi ? batter : null, {
        ...common,
        runs: 1,
        rbi,
        charged_to: runner.pitcher,
      });
    }
  }

  private runnerAt(bases: Array<Runner | null>, base: number, line: number): string {
    const runner = bases[base];
    if (runner === null || runner === undefined) this.fail(line, `no runner on base ${base}`);
    return runner.player;
  }
}
