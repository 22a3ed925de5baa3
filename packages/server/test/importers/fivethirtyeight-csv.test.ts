/**
 * FiveThirtyEight's CSV files as the NBA and NFL importers read them (split by csv-parse): a
 * byte-order mark, `\r\n` line endings and blank lines keep every row's line number; a quote is
 * not CSV quoting in these files (the NBA reader refuses it, the NFL reader's checks do); a row
 * of the wrong length or a blank line where a game belongs is an error naming the path and line.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { headerOf, readCsv } from "../../src/importers/fivethirtyeight-nba/csv-file.js";
import { readGames } from "../../src/importers/fivethirtyeight-nfl/parse-games.js";
import { ImportError } from "../../src/importers/shared/import-format.js";

const dir = mkdtempSync(join(tmpdir(), "scoreline-fivethirtyeight-csv-"));
let written = 0;

/** A new file holding `text` (a new path each time: the NFL reader keeps the last file read). */
function file(text: string): string {
  written += 1;
  const path = join(dir, `${written}.csv`);
  writeFileSync(path, text);
  return path;
}

/** Asserts that `run` throws the ImportError `path:line: reason`. */
async function rejects(run: () => Promise<unknown>, path: string, line: number, reason: RegExp) {
  await assert.rejects(run, (error: unknown) => {
    assert.ok(error instanceof ImportError, String(error));
    assert.equal(error.path, path);
    assert.equal(error.line, line);
    assert.match(error.reason, reason);
    return true;
  });
}

after(() => rmSync(dir, { recursive: true, force: true }));

describe("a FiveThirtyEight NBA CSV file", () => {
  test("a byte-order mark, \\r\\n and blank lines keep each row's line", async () => {
    const path = file("\uFEFFseason, team ,score\r\n2023,BOS,120\r\n\r\n   \r\n2023,NYK,99\r\n");
    const csv = await readCsv(path, ["season", "team", "score"]);
    assert.deepEqual(csv.header, ["season", "team", "score"]);
    assert.deepEqual(
      csv.rows.map((row) => [row.line, row.get("team"), row.get("score")]),
      [
        [2, "BOS", "120"],
        [5, "NYK", "99"],
      ],
    );
  });

  test("a quoted field is refused on its line, even one protecting a comma", async () => {
    const path = file('season,team,score\n2023,BOS,120\n\n2023,"New York, NY",99\n');
    await rejects(
      () => readCsv(path, ["season"]),
      path,
      4,
      /^quoted fields are not expected in this file$/,
    );
  });

  test("a row of another length than the header is an error on its line", async () => {
    const path = file("season,team,score\n2023,BOS,120\n2023,NYK\n");
    await rejects(
      () => readCsv(path, ["season"]),
      path,
      3,
      /^expected 3 comma-separated fields as in the header, found 2$/,
    );
  });

  test("a header without a required column is an error on line 1", async () => {
    const path = file("season,team\n2023,BOS\n");
    await rejects(() => readCsv(path, ["season", "score"]), path, 1, /lacks the column\(s\) score/);
  });

  test("the header alone tells a file's kind: its columns, trimmed, without a BOM", async () => {
    const path = file("\uFEFFplayer_id,raptor_total \r\nabc,1.5\r\n");
    assert.deepEqual(await headerOf(path), ["player_id", "raptor_total"]);
    assert.deepEqual(await headerOf(file("")), [""]);
  });
});

const NFL_HEADER =
  "date,season,neutral,playoff,team1,team2,elo1,elo2,elo_prob1,score1,score2,result1";
const NFL_GAME = "2020-09-10,2020,0,0,KC,HOU,1664.85,1527.93,0.76,34,20,1";

describe("FiveThirtyEight's nfl_games.csv", () => {
  test("\\r\\n line endings and a final newline are read as the games they hold", async () => {
    const games = await readGames(file(`${NFL_HEADER}\r\n${NFL_GAME}\r\n`));
    assert.equal(games.length, 1);
    assert.equal(games[0]?.line, 2);
    assert.equal(games[0]?.team1, "KC");
    assert.equal(games[0]?.score1, 34);
  });

  test("a blank line among the games is an error on its line", async () => {
    const path = file(`${NFL_HEADER}\n${NFL_GAME}\n\n${NFL_GAME}\n`);
    await rejects(() => readGames(path), path, 3, /^expected 12 comma-separated fields, found 1$/);
  });

  test("quotes are not CSV quoting here: a quoted team code is not a team code", async () => {
    const path = file(`${NFL_HEADER}\n${NFL_GAME.replace("KC", '"KC"')}\n`);
    await rejects(() => readGames(path), path, 2, /^team1 ""KC"" is not a known team code$/);
  });

  test("the header must be the known one, and an empty file names its first line", async () => {
    const other = file(`${NFL_HEADER.replace("elo1", "elo_1")}\n${NFL_GAME}\n`);
    await rejects(() => readGames(other), other, 1, /^header must be "date,season,/);
    const empty = file("\n");
    await rejects(() => readGames(empty), empty, 1, /^empty file: expected the header line$/);
  });
});
