import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { generateSampleData } from "../src/sample/generate.js";
import { Rng } from "../src/sample/rng.js";
import { americanFootballProfile } from "../src/sample/sports/american-football.js";
import { baseballProfile } from "../src/sample/sports/baseball.js";
import { basketballProfileFor } from "../src/sample/sports/basketball.js";
import { cricketProfile } from "../src/sample/sports/cricket.js";
import { esportsProfile } from "../src/sample/sports/esports.js";
import { footballProfile } from "../src/sample/sports/football.js";
import type { TeamSportProfile } from "../src/sample/team-sport-profile.js";
import { FIELD_RESET } from "../src/simulator/field-reset.js";
import type { FlowFixture, FlowSide, MatchFlow } from "../src/simulator/flow.js";
import { buildFlow } from "../src/simulator/flows/index.js";
import { SPORT_MODULES } from "../src/sports/registry.js";
import { type Score, SPORTS, type Sport } from "../src/sports/types.js";

const PROFILES: Partial<Record<Sport, TeamSportProfile>> = {
  football: footballProfile,
  basketball: basketballProfileFor(12),
  "american-football": americanFootballProfile,
  cricket: cricketProfile,
  baseball: baseballProfile,
  esports: esportsProfile,
};

const RULES: Partial<Record<Sport, Record<string, unknown>>> = {
  basketball: { quarter_minutes: 12, overtime_minutes: 5 },
  tennis: { best_of: 3, draw_size: 32 },
  "combat-sports": { rounds: 3, main_event_rounds: 5, round_minutes: 5 },
  golf: { rounds: 4, cut: { after_round: 2, top: 50, ties: true } },
};

/** A side with one named player per position of the sport's squad template (none for individuals). */
function side(sport: Sport, key: "home" | "away", strength: number): FlowSide {
  const template = PROFILES[sport]?.squadTemplate ?? [];
  const players = template.map((slot, i) => ({
    id: `pl-${key}-${i}`,
    name: `Player ${key} ${i}`,
    position: slot.position,
    shirtNumber: i + 1,
  }));
  return {
    teamId: `tm-${key}`,
    name: `${key === "home" ? "Home" : "Away"} Side`,
    strength,
    players,
  };
}

function golfers(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    player_id: `pl-golfer-${i}`,
    name: `Golfer ${i}`,
    country: "US",
    ...FIELD_RESET.golf,
  }));
}

function runners(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    runner_id: `rn-horse-${i}`,
    number: i + 1,
    horse: `Horse ${i}`,
    age: 4,
    weight_kg: 56,
    jockey: `Jockey ${i}`,
    jockey_id: `pl-jockey-${i}`,
    trainer: `Trainer ${i}`,
    draw: count - i,
    ...FIELD_RESET["horse-racing"],
  }));
}

function fixture(sport: Sport, strengths: [number, number] = [0, 0], field = 0): FlowFixture {
  const isField = SPORT_MODULES[sport].format === "field";
  const size = field || (sport === "golf" ? 24 : 9);
  return {
    id: `fx-${sport}`,
    sport,
    home: isField ? null : side(sport, "home", strengths[0]),
    away: isField ? null : side(sport, "away", strengths[1]),
    participants: isField ? (sport === "golf" ? golfers(size) : runners(size)) : null,
    rules: RULES[sport] ?? {},
    round: null,
  };
}

function flowFor(sport: Sport, seed: string, f = fixture(sport)): MatchFlow {
  return buildFlow(new Rng(seed), f);
}

/** The contract every flow keeps: time, periods, event types, the sport's decided_by. */
function assertWellFormed(flow: MatchFlow, f: FlowFixture): void {
  const module = SPORT_MODULES[flow.sport];
  assert.ok(flow.steps.length > 0, `${flow.sport}: no steps`);
  assert.ok(module.decidedBy.includes(flow.decidedBy), `${flow.sport}: ${flow.decidedBy}`);
  let period: string | null = null;
  let minute = 0;
  const players = new Set(
    [...(f.home?.players ?? []), ...(f.away?.players ?? [])].map((p) => p.id),
  );
  for (const step of flow.steps) {
    assert.ok(step.minute >= minute, `${flow.sport}: minute ${step.minute} after ${minute}`);
    minute = step.minute;
    if (step.period === null) assert.equal(period, null, `${flow.sport}: period back to null`);
    else if (step.period !== period) {
      const allowed = module.canEnterPeriod(period, step.period);
      assert.ok(allowed, `${flow.sport}: ${period} → ${step.period}`);
      period = step.period;
    }
    const event = step.event;
    if (event === undefined) continue;
    assert.ok(module.eventTypes.includes(event.type), `${flow.sport}: event ${event.type}`);
    assert.ok([null, "home", "away"].includes(event.side));
    if (module.format === "head_to_head" && event.playerId != null && players.size > 0) {
      assert.ok(players.has(event.playerId), `${flow.sport}: unknown player ${event.playerId}`);
    }
  }
}

/** The score the events fold into, from the sport module's empty score. */
function finalScore(flow: MatchFlow): Score {
  const module = SPORT_MODULES[flow.sport];
  let score = module.emptyScore() as Score;
  for (const step of flow.steps) {
    if (step.event === undefined) continue;
    const { type, side: team, detail } = step.event;
    score = module.applyEvent(score, { type, team, period: step.period, detail: detail ?? {} });
  }
  return score;
}

function lastParticipants(flow: MatchFlow): Array<Record<string, unknown>> {
  const step = flow.steps.findLast((s) => s.participants !== undefined);
  assert.ok(step?.participants, `${flow.sport}: no participants`);
  return step.participants as Array<Record<string, unknown>>;
}

describe("simulator flows", () => {
  for (const sport of SPORTS) {
    describe(sport, () => {
      it("is the same match for the same seed", () => {
        assert.deepEqual(flowFor(sport, "same"), flowFor(sport, "same"));
        assert.notDeepEqual(flowFor(sport, "same"), flowFor(sport, "other"));
      });

      it("keeps time, periods, event types and the result well formed", () => {
        const seeds = sport === "golf" ? 6 : 40;
        for (let n = 0; n < seeds; n++) {
          const f = fixture(sport, [n % 3, -(n % 2)]);
          const flow = flowFor(sport, `seed-${n}`, f);
          assertWellFormed(flow, f);
          assert.equal(flow.sport, sport);
          if (SPORT_MODULES[sport].format === "head_to_head") {
            const outcome = SPORT_MODULES[sport].outcome(finalScore(flow));
            assert.ok(outcome !== null, `${sport} seed ${n}: no outcome`);
            assert.equal(typeof flow.result?.text, "string");
          } else {
            const winner = lastParticipants(flow).find((p) => p.position === 1);
            assert.ok(winner, `${sport} seed ${n}: nobody first`);
            const key = sport === "golf" ? "player_id" : "runner_id";
            assert.equal(winner[key], flow.result?.[`winner_${key}`]);
            assert.equal(
              flow.steps.at(-1)?.participants,
              flow.steps.findLast((s) => s.participants)?.participants,
            );
          }
        }
      });
    });
  }

  it("plays the sample data's scheduled fixtures of every sport as stored", () => {
    const data = generateSampleData({ seed: 11, anchor: new Date("2026-11-21T00:00:00Z") });
    const sideOf = (teamId: string | null, strength: number): FlowSide | null => {
      const team = data.teams.find((t) => t.id === teamId);
      if (team === undefined) return null;
      const players = data.players
        .filter((p) => p.team_id === team.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          position: p.position,
          shirtNumber: p.shirt_number,
        }));
      return { teamId: team.id, name: team.name, strength, players };
    };
    for (const sport of SPORTS) {
      const stored = data.fixtures.filter((f) => f.sport === sport && f.status === "scheduled");
      assert.ok(stored.length > 0, `${sport}: no scheduled fixture`);
      for (const [n, row] of stored.slice(0, 3).entries()) {
        const rules = data.competitions.find((c) => c.id === row.competition_id)?.rules ?? {};
        const f: FlowFixture = {
          id: row.id,
          sport,
          home: sideOf(row.home_team_id, 0.3),
          away: sideOf(row.away_team_id, -0.3),
          participants: (row.participants as unknown[] | null) ?? null,
          rules: rules as Record<string, unknown>,
          round: row.round,
        };
        const flow = buildFlow(new Rng(`stored-${n}`), f);
        assertWellFormed(flow, f);
        const named = flow.steps.filter((s) => s.event?.playerId).length;
        if (PROFILES[sport] !== undefined) assert.ok(named > 0, sport);
      }
    }
  });

  it("breaks football at half time and quarters at halftime and quarter breaks", () => {
    const periods = (sport: Sport) =>
      flowFor(sport, "breaks")
        .steps.map((s) => s.period)
        .filter((period, i, all) => period !== all[i - 1]);
    assert.deepEqual(periods("football"), ["1st_half", "halftime", "2nd_half"]);
    for (const sport of ["basketball", "american-football"] as const) {
      assert.deepEqual(periods(sport).slice(0, 7), [
        "1st_quarter",
        "quarter_break",
        "2nd_quarter",
        "halftime",
        "3rd_quarter",
        "quarter_break",
        "4th_quarter",
      ]);
    }
    assert.ok(periods("cricket").includes("innings_break"));
  });

  it("names only the sides' own players, never a stand-in", () => {
    const f = fixture("football");
    if (f.home) f.home.players = f.home.players.slice(0, 3);
    const flow = flowFor("football", "few-players", f);
    assertWellFormed(flow, f);
    assert.ok(flow.steps.every((s) => s.event?.playerId !== ""));
  });

  it("lets the much stronger side win most football matches and tennis matches", () => {
    for (const sport of ["football", "tennis"] as const) {
      let strong = 0;
      let weak = 0;
      for (let n = 0; n < 200; n++) {
        // The stronger side is at home in half the matches, away in the other half.
        const homeStrong = n % 2 === 0;
        const f = fixture(sport, homeStrong ? [1.5, -1.5] : [-1.5, 1.5]);
        const outcome = SPORT_MODULES[sport].outcome(
          finalScore(flowFor(sport, `strength-${n}`, f)),
        );
        if (outcome === (homeStrong ? "home" : "away")) strong++;
        else if (outcome === (homeStrong ? "away" : "home")) weak++;
      }
      assert.ok(strong > 120, `${sport}: the stronger side won ${strong} of 200`);
      assert.ok(strong > 4 * weak, `${sport}: ${strong} wins against ${weak} losses`);
    }
  });

  it("plays tennis game by game, best of five when the rules say so", () => {
    for (let n = 0; n < 30; n++) {
      const f = { ...fixture("tennis"), rules: { best_of: 5 } };
      const flow = flowFor("tennis", `five-${n}`, f);
      const score = finalScore(flow);
      const sets = (score.sets as Array<{ home: number; away: number }>) ?? [];
      if (flow.decidedBy === "regulation") assert.equal(Math.max(score.home, score.away), 3);
      assert.ok(sets.length <= 5);
      const breaks = flow.steps.filter((s) => s.event?.type === "break_of_serve");
      for (const step of breaks) {
        const games = step.event?.detail?.games as { home: number; away: number };
        const set = sets[Number(step.period?.replace("set_", "")) - 1];
        if (set === undefined) continue; // the set a retirement cut short
        assert.ok(games.home <= set.home && games.away <= set.away, "a break past the set's games");
      }
    }
    const three = flowFor("tennis", "three");
    assert.equal(Math.max(finalScore(three).home, finalScore(three).away), 2);
  });

  it("fights five rounds in a main event and ends on the finish", () => {
    let longest = 0;
    for (let n = 0; n < 60; n++) {
      const f = { ...fixture("combat-sports"), round: "Main event" };
      const flow = flowFor("combat-sports", `main-${n}`, f);
      const rounds = flow.steps.map((s) => Number(s.period?.replace("round_", "") || 0));
      longest = Math.max(longest, ...rounds.filter((r) => !Number.isNaN(r)));
      const last = flow.steps.at(-1)?.event;
      assert.equal(last?.type, "finish");
      assert.equal(last?.detail?.method, flow.decidedBy);
    }
    assert.equal(longest, 5);
    const undercard = flowFor("combat-sports", "undercard");
    assert.ok(undercard.steps.every((s) => /^round_[123]$|^round_break$/.test(s.period ?? "")));
  });

  it("plays a 72-player golf tournament in a few hundred steps to a complete leaderboard", () => {
    const flow = flowFor("golf", "full-field", fixture("golf", [0, 0], 72));
    assertWellFormed(flow, fixture("golf", [0, 0], 72));
    assert.ok(flow.steps.length <= 500, `${flow.steps.length} steps`);
    const board = lastParticipants(flow);
    assert.equal(board.length, 72);
    assert.ok(board.every((e) => e.thru === "F"));
    assert.ok(board.some((e) => e.status === "cut" && e.position === null));
    const active = board.filter((e) => e.status === "active");
    assert.ok(active.every((e) => typeof e.position === "number"));
    assert.ok(active.every((e) => (e.rounds as number[]).length === 4));
    const scoring = ["birdie", "eagle", "bogey", "hole_in_one"];
    for (const step of flow.steps) {
      if (step.event && scoring.includes(step.event.type) && step.period !== "playoff") {
        assert.ok(step.participants, "a scoring hole without a leaderboard");
        assert.ok(step.event.playerId);
        assert.equal(typeof step.event.detail?.hole, "number");
      }
    }
    const live = flow.steps.filter((s) => s.participants && s.period === "round_3");
    assert.ok(
      live.some((s) =>
        (s.participants as Array<{ thru: unknown }>).some((e) => typeof e.thru === "number"),
      ),
    );
  });

  it("shows the running order changing during a race and the result at the line", () => {
    let changed = 0;
    for (let n = 0; n < 20; n++) {
      const flow = flowFor("horse-racing", `race-${n}`, fixture("horse-racing", [0, 0], 10));
      const calls = flow.steps.filter(
        (s) => s.period === "running" && s.event?.type !== "race_finish",
      );
      assert.ok(calls.length >= 4);
      const leaders = calls.map(
        (s) => (s.participants as Array<{ runner_id: string }>)[0]?.runner_id,
      );
      if (new Set(leaders).size > 1) changed++;
      for (const call of calls) {
        const running = (
          call.participants as Array<{ status: string; position: number | null }>
        ).filter((r) => r.status === "running");
        assert.deepEqual(
          running.map((r) => r.position),
          running.map((_, i) => i + 1),
        );
      }
      const final = lastParticipants(flow);
      assert.equal(final.length, 10);
      assert.ok(final.every((r) => r.status === "ran" || r.status === "non_runner"));
      const ran = final.filter((r) => r.status === "ran");
      assert.deepEqual(
        ran.map((r) => r.position),
        ran.map((_, i) => i + 1),
      );
      assert.equal(flow.steps.at(-1)?.event?.type, "race_finish");
    }
    assert.ok(changed >= 10, `the leader changed in ${changed} of 20 races`);
  });

  it("makes the higher-rated horse win more often", () => {
    let favourite = 0;
    for (let n = 0; n < 100; n++) {
      const f = { ...fixture("horse-racing", [0, 0], 8), ratings: { "rn-horse-3": 2 } };
      if (flowFor("horse-racing", `rated-${n}`, f).result?.winner_runner_id === "rn-horse-3")
        favourite++;
    }
    assert.ok(favourite > 30, `the favourite won ${favourite} of 100`);
  });
});
