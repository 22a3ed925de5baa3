/**
 * Point deductions through the service: every bad argument is refused naming it, recording
 * the same deduction twice stores it once, and the table subtracts it. Runs once per dialect.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ServiceError } from "../../src/errors/service-error.js";
import {
  type DeductionInput,
  listDeductions,
  recordDeduction,
} from "../../src/services/deductions.js";
import { getStandings } from "../../src/services/standings.js";
import { testClock } from "../helpers/clock.js";
import { insertMiniLeague, type MiniLeague } from "../helpers/factories.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

for (const dialect of DIALECTS) {
  describe(`point deductions on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let league: MiniLeague;
    let other: MiniLeague;
    let input: DeductionInput;
    const ctx = () => ({ store: t.store, clock: testClock });

    before(async () => {
      t = await createTestStore(dialect);
      league = await insertMiniLeague(t.store);
      other = await insertMiniLeague(t.store);
      input = {
        sport: "football",
        league: league.competitionId,
        season: "2026-2027",
        team: "Müller Athletic",
        points: 3,
        reason: "Administration",
      };
    });
    after(async () => {
      await t?.dispose();
    });

    const refused = async (change: Partial<DeductionInput>, fields: string[], message?: RegExp) => {
      await assert.rejects(recordDeduction(ctx(), { ...input, ...change }), (error: unknown) => {
        assert.ok(error instanceof ServiceError, String(error));
        assert.equal(error.code, "invalid_parameter");
        assert.deepEqual(
          error.details.map((d) => d.field),
          fields,
        );
        if (message) assert.match(error.message, message);
        return true;
      });
    };

    test("every bad argument is refused, naming it", async () => {
      await refused({ sport: "curling" }, ["sport"]);
      await refused({ league: "no-such-league" }, ["league"], /"no-such-league"/);
      await refused({ season: "1999-2000" }, ["season"], /1999-2000/);
      await refused({ team: "Nobody United" }, ["team"], /"Nobody United"/);
      await refused({ team: other.teamIds[0] }, ["team"]);
      await refused({ points: 0 }, ["points"]);
      await refused({ points: 101 }, ["points"]);
      await refused({ points: 2.5 }, ["points"]);
      await refused({ points: Number.NaN }, ["points"]);
      await refused({ reason: "   " }, ["reason"]);
      await refused({ points: -1, reason: "" }, ["points", "reason"]);
      assert.deepEqual(
        await listDeductions(ctx(), { sport: "football", league: league.competitionId }),
        [],
      );
    });

    test("recording the same deduction twice stores it once", async () => {
      const first = await recordDeduction(ctx(), input);
      assert.equal(first.created, true);
      assert.equal(first.deduction.team_id, league.teamIds[0]);
      assert.equal(first.deduction.points, 3);
      const again = await recordDeduction(ctx(), { ...input, reason: "  Administration " });
      assert.equal(again.created, false);
      assert.equal(again.deduction.id, first.deduction.id);
      const listed = await listDeductions(ctx(), {
        sport: "football",
        league: league.competitionId,
        season: "2026-2027",
      });
      assert.equal(listed.length, 1);
      assert.equal(listed[0]?.team, "Müller Athletic");
      assert.equal(listed[0]?.season, "2026-2027");
    });

    test("the team may be given by id, slug or name regardless of accents; each deduction adds up", async () => {
      const bySlug = await t.store.db
        .selectFrom("teams")
        .select("slug")
        .where("id", "=", league.teamIds[0])
        .executeTakeFirstOrThrow();
      await recordDeduction(ctx(), {
        ...input,
        team: league.teamIds[0],
        reason: "Fielding an ineligible player",
      });
      await recordDeduction(ctx(), {
        ...input,
        team: bySlug.slug,
        points: 1,
        reason: "Late kick-off",
      });
      const byPlainName = await recordDeduction(ctx(), {
        ...input,
        team: "muller athletic",
        points: 1,
        reason: "Late kick-off",
      });
      assert.equal(byPlainName.created, false);
      const table = await getStandings(ctx(), "football", { league: league.competitionId });
      const row = table.rows.find((r) => r.team_id === league.teamIds[0]);
      assert.equal(row?.deductions, 7);
      assert.equal(row?.points, 3 - 7);
      assert.equal(row?.deduction_reasons.length, 3);
    });
  });
}
