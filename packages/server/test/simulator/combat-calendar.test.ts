/**
 * Combat sports around the clock (ADR-0044), from the full world's schedule as seeded (a copy of
 * the run's template store: this file generates no world of its own), no simulator: at every
 * minute of a week some bout is on (a bout lasting its scheduled rounds, five minutes each and a
 * minute's rest between); the rolling calendar repeats every card of a promotion's last
 * fortnight, each night kept, none twice; and its copies re-pair the fighters within each card
 * and weight class, repeating no pairing of the template.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { cardStarts, firstCardOfCycle } from "../../src/simulator/combat-editions.js";
import { boutSlot, repairBouts } from "../../src/simulator/combat-repairing.js";
import type { TemplateFixture } from "../../src/simulator/template-fixture.js";
import { parseJson } from "../../src/store/json-columns.js";
import { seededWorld } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { createTestStore } from "../helpers/stores.js";

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
const CYCLE = 14 * DAY;
const CARD_BREAK = 3 * 60 * MINUTE;

interface Bout {
  id: string;
  competition_id: string;
  kickoff: string;
  round: string | null;
  status: string;
  home_team_id: string | null;
  away_team_id: string | null;
}

let bouts: Bout[] = [];
/** Each fighter's weight class, by his team id. */
const classOf = new Map<string, string>();

/** The scheduled length of a bout: its rounds and the rests between them. */
const lengthOf = (bout: Bout) => ((/main event/i.test(bout.round ?? "") ? 5 : 3) * 6 - 1) * MINUTE;

const byCompetition = () => {
  const map = new Map<string, Bout[]>();
  for (const bout of bouts)
    map.set(bout.competition_id, [...(map.get(bout.competition_id) ?? []), bout]);
  return map;
};

/** A promotion's templates as the calendar picks them: every card of its last cycle. */
function templatesOf(schedule: readonly Bout[]): Bout[] {
  const sorted = [...schedule].sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff));
  const first = firstCardOfCycle(
    sorted.map((b) => Date.parse(b.kickoff)),
    CYCLE,
  ) as number;
  return sorted.filter((b) => Date.parse(b.kickoff) >= first);
}

const asTemplate = (bout: Bout) => bout as unknown as TemplateFixture;

describe("combat sports around the clock (full world)", () => {
  before(async () => {
    const t = await createTestStore("sqlite", seededWorld("full"));
    try {
      const db = t.store.db;
      bouts = await db
        .selectFrom("fixtures")
        .selectAll()
        .where("sport", "=", "combat-sports")
        // As the calendar reads its templates (calendar-queries.ts).
        .orderBy("kickoff")
        .orderBy("id")
        .execute();
      const fighters = await db
        .selectFrom("players")
        .select(["team_id", "detail"])
        .where("sport", "=", "combat-sports")
        .execute();
      for (const fighter of fighters) {
        const detail = parseJson<{ weight_class?: string }>(fighter.detail);
        if (fighter.team_id && detail?.weight_class)
          classOf.set(fighter.team_id, detail.weight_class);
      }
    } finally {
      await t.dispose();
    }
  });

  test("at every minute of a week some bout is on", () => {
    const from = Date.parse(TEST_NOW.toISOString().slice(0, 10));
    const on = new Uint8Array(7 * 1_440);
    for (const bout of bouts) {
      const start = (Date.parse(bout.kickoff) - from) / MINUTE;
      for (let m = Math.max(0, start); m < start + lengthOf(bout) / MINUTE && m < on.length; m++)
        on[m] = 1;
    }
    const idle = [...on.keys()].filter((m) => on[m] === 0);
    const first = idle.slice(0, 5).map((m) => new Date(from + m * MINUTE).toISOString());
    assert.deepEqual(first, [], `${idle.length} minutes with no bout on`);
  });

  test("the calendar repeats every card of a promotion's last fortnight, each night kept", () => {
    for (const [competition, schedule] of byCompetition()) {
      const kickoffs = schedule.map((b) => Date.parse(b.kickoff)).sort((a, b) => a - b);
      const starts = cardStarts(kickoffs, CARD_BREAK);
      const lastStart = starts.at(-1) as number;
      const templates = templatesOf(schedule);
      const copied = cardStarts(
        templates.map((b) => Date.parse(b.kickoff) + CYCLE),
        CARD_BREAK,
      );
      // Every card starting within a cycle of the last one comes back a cycle on, whole.
      const expected = starts.filter((s) => s > lastStart - CYCLE).map((s) => s + CYCLE);
      assert.deepEqual(copied, expected, competition);
      const cardOf = (b: Bout) => boutSlot(b.round).card;
      for (const card of new Set(templates.map(cardOf))) {
        const whole = schedule.filter((b) => cardOf(b) === card).length;
        assert.equal(templates.filter((b) => cardOf(b) === card).length, whole, card);
      }
      // No copy lands before the last template, so no night is held twice.
      assert.ok(Math.min(...copied) > (kickoffs.at(-1) as number), competition);
    }
  });

  test("copied cards re-pair the fighters within each class; no pairing repeated", () => {
    let repaired = 0;
    let total = 0;
    for (const schedule of byCompetition().values()) {
      const templates = templatesOf(schedule);
      const copies = repairBouts(templates.map(asTemplate), `test:${templates[0]?.id}`);
      const pairKey = (a: string | null, b: string | null) => [a, b].sort().join("|");
      const before = new Set(templates.map((b) => pairKey(b.home_team_id, b.away_team_id)));
      const onCard = new Map<string, Set<string>>();
      for (const template of templates) {
        const copy = copies.get(template.id);
        assert.ok(copy?.home && copy.away, template.id);
        total++;
        const { card, weightClass } = boutSlot(template.round);
        const seen = onCard.get(card) ?? new Set<string>();
        for (const fighter of [copy.home, copy.away]) {
          assert.ok(!seen.has(fighter), `${fighter} twice on ${card}`);
          seen.add(fighter);
        }
        onCard.set(card, seen);
        if (!copy.repaired) {
          assert.deepEqual([copy.home, copy.away], [template.away_team_id, template.home_team_id]);
          const sameClass = templates.filter(
            (b) => boutSlot(b.round).card === card && boutSlot(b.round).weightClass === weightClass,
          );
          assert.ok(weightClass.startsWith("Catchweight") || sameClass.length === 1, template.id);
          continue;
        }
        repaired++;
        assert.ok(!before.has(pairKey(copy.home, copy.away)), `${template.round}: a rematch`);
        assert.equal(classOf.get(copy.home), weightClass, template.round ?? "");
        assert.equal(classOf.get(copy.away), weightClass, template.round ?? "");
      }
    }
    // Most cards have two bouts in a class: most bouts are new pairings.
    assert.ok(repaired > total * 0.6, `${repaired} of ${total} bouts re-paired`);
  });
});
