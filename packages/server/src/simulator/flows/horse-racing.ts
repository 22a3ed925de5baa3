/**
 * Horse racing flow: the sample generator's race (non-runners, starting prices, a finish drawn
 * from the horses' ratings) with the running order along the way. Non-runners are announced
 * before the off; from `race_start` the runners are `running`, their places a blend of each
 * horse's early pace and where it will finish that settles into the result by the line; starting
 * prices (the favourite labelled) are known from the off. The `race_finish` carries the
 * generator's final card: places, margins and beaten lengths, `ran` and non-runners.
 */
import type { Rng } from "../../sample/rng.js";
import { type Runner, runRace } from "../../sample/sports/race-card.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { flowEvent, Timeline } from "./timeline.js";

/** Minutes from the off to the line (the generator's race). */
const RACE_MINUTES = 2;
/** Shares of the race at which the running order is shown. */
const CALLS = [0.15, 0.35, 0.55, 0.75, 0.9];
/** How far (in places) early pace and luck in running can put a horse from its final place. */
const SPREAD = 0.35;

/** A race card row while the race is on: status `running`, `position` its current place. */
type LiveRunner = Omit<Runner, "status"> & { status: Runner["status"] | "running" };

export function horseRacingFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  // By saddle-cloth number: the stored card is re-sorted by the running order once the race is
  // off, and a simulator that resumes a race after a restart must rebuild the same flow from it.
  const card = (fixture.participants ?? [])
    .flatMap(runnerOf)
    .sort((a, b) => a.number - b.number || (a.runner_id < b.runner_id ? -1 : 1));
  const declared = card.filter((runner) => runner.status !== "non_runner");
  if (declared.length === 0) throw new Error("horse racing flow needs runners");
  const field = declared.map((x) => ({
    id: x.runner_id,
    rating: fixture.ratings?.[x.runner_id] ?? 0,
  }));
  const race = runRace(rng, field, declared);
  const nonRunners = card.filter((runner) => runner.status === "non_runner");
  const timeline = new Timeline("horse-racing");
  // The race card before the off: who still runs, who does not.
  const beforeOff = card.map((x): Runner => {
    const status = x.status === "non_runner" ? "non_runner" : "declared";
    return { ...x, position: null, margin: null, beaten_lengths: null, sp: null, status };
  });
  for (const runner of declared.filter((x) => x.status === "non_runner")) {
    const detail = { runner_id: runner.runner_id, horse: runner.horse };
    timeline.add(0, null, flowEvent("non_runner", null, { detail }), beforeOff);
  }
  const calls = runningOrders(rng, race.order, nonRunners);
  timeline.add(0, "running", flowEvent("race_start", null), calls.shift());
  CALLS.forEach((share, i) => {
    timeline.add(share * RACE_MINUTES, "running", undefined, calls[i]);
  });
  const winner = race.order[0] as Runner;
  const detail = {
    runner_id: winner.runner_id,
    horse: winner.horse,
    margin: race.order[1]?.margin ?? null,
  };
  const finish = flowEvent("race_finish", null, { playerId: winner.jockey_id, detail });
  timeline.add(RACE_MINUTES, "running", finish, [...race.order, ...nonRunners]);
  return {
    sport: "horse-racing",
    steps: timeline.steps,
    decidedBy: race.photo ? "photo_finish" : "regulation",
    result: { winner_runner_id: winner.runner_id, text: `${winner.horse} wins` },
  };
}

/** A copy of a stored race-card row, or nothing for a row without a runner id. */
function runnerOf(participant: unknown): Runner[] {
  if (typeof participant !== "object" || participant === null) return [];
  const row = participant as Partial<Runner>;
  if (typeof row.runner_id !== "string") return [];
  return [
    {
      runner_id: row.runner_id,
      number: row.number ?? 0,
      horse: row.horse ?? "",
      age: row.age ?? 0,
      weight_kg: row.weight_kg ?? 0,
      jockey: row.jockey ?? "",
      jockey_id: row.jockey_id ?? "",
      trainer: row.trainer ?? "",
      draw: row.draw ?? 0,
      position: null,
      margin: null,
      beaten_lengths: null,
      sp: null,
      favourite: null,
      status: row.status === "non_runner" ? "non_runner" : "declared",
    },
  ];
}

/**
 * The running order at the off and at each call: a horse's place blends its pace (front-runners
 * lead early, hold-up horses come late) and luck in running with its finishing place, the latter
 * weighing more as the race goes on.
 */
function runningOrders(
  rng: Rng,
  order: readonly Runner[],
  nonRunners: readonly Runner[],
): LiveRunner[][] {
  const spread = SPREAD * order.length;
  const pace = order.map(() => rng.normal(0, 1));
  const luck = order.map(() => 0);
  return [0, ...CALLS].map((share) => {
    const merit = order.map((_, place) => {
      luck[place] = (luck[place] ?? 0) + rng.normal(0, 0.5);
      return -place * share + (1 - share) * spread * ((pace[place] ?? 0) + (luck[place] ?? 0));
    });
    const running = order
      .map((runner, place) => ({ runner, merit: merit[place] ?? 0 }))
      .sort((a, b) => b.merit - a.merit);
    return [
      ...running.map(
        ({ runner }, i): LiveRunner => ({
          ...runner,
          position: i + 1,
          margin: null,
          beaten_lengths: null,
          status: "running",
        }),
      ),
      ...nonRunners,
    ];
  });
}
