/**
 * Retrosheet's files split into records (by csv-parse): quotes protect commas in a record's
 * fields, a quote left open is an error on its own line and never runs into the next, comments
 * are free text whose quotes need not balance (as in the real 2020 files), and blank lines and
 * `\r\n` line endings keep every record's line number.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  parseEventFile,
  parseRoster,
  parseTeams,
} from "../../src/importers/retrosheet/parse-files.js";
import { ImportError } from "../../src/importers/shared/import-format.js";

const PATH = "2020ANA.EVA";

/** A game of the event file format, one record a line. */
const game = (...records: string[]) =>
  ["id,ANA202007240", "version,2", "info,visteam,OAK", ...records].join("\n");

function rejects(run: () => unknown, line: number, reason: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ImportError, String(error));
    assert.equal(error.path, PATH);
    assert.equal(error.line, line);
    assert.match(error.reason, reason);
    return true;
  });
}

describe("Retrosheet records", () => {
  test("a quoted field keeps its comma and loses its quotes", () => {
    const [parsed] = parseEventFile(
      PATH,
      game(
        'start,fletd002,"Fletcher, David",1,1,6',
        'info,site,"ANA01"',
        "play,1,0,fletd002,00,,S8/G",
      ),
    );
    assert.equal(parsed?.starters[0]?.name, "Fletcher, David");
    assert.equal(parsed?.starters[0]?.position, 6);
    assert.equal(parsed?.info.get("site"), "ANA01");
    assert.equal(parsed?.items.length, 1);
  });

  test("comments are free text: unbalanced quotes in them are no error", () => {
    const [parsed] = parseEventFile(
      PATH,
      game(
        'com,"umpire Bellino for arguing Cordero\'s ejection""',
        "com,'call overturned - out to complete double play\"",
        'com,"com,"$Mariners challenged call that Seager was out at 1st;"',
        "play,1,0,fletd002,00,,S8/G",
      ),
    );
    assert.equal(parsed?.items.length, 1);
  });

  test("a quote left open is an error on its own line, not a field running on", () => {
    rejects(
      () =>
        parseEventFile(
          PATH,
          game('sub,fletd002,"Fletcher, David,1,1,6', 'sub,troum001,"Mike Trout",1,2,8'),
        ),
      4,
      /^malformed CSV: a quoted field is not closed$/,
    );
    rejects(
      () => parseEventFile(PATH, game('start,fletd002,"Fletcher" David,1,1,6')),
      4,
      /^malformed CSV: a closing quote is followed by more text/,
    );
  });

  test("blank lines and \\r\\n line endings keep each record's line", () => {
    const text = `${game("", "  ", "play,1,0,fletd002,00,,S8/G")}\n\nplay,1,2,fletd002,00,,S8/G\n`;
    rejects(() => parseEventFile(PATH, text.replaceAll("\n", "\r\n")), 8, /team "2" is not 0 or 1/);
    const [parsed] = parseEventFile(PATH, `${game("", "play,1,0,fletd002,00,,S8/G")}\r\n`);
    const item = parsed?.items[0];
    assert.equal(item?.kind === "play" ? item.play.line : null, 5);
  });

  test("team and roster files split the same way", () => {
    assert.deepEqual(
      parseTeams(PATH, 'ANA,A,"Los Angeles","Angels"\r\n\r\nOAK,A,Oakland,Athletics\r\n'),
      [
        { code: "ANA", league: "A", city: "Los Angeles", nickname: "Angels" },
        { code: "OAK", league: "A", city: "Oakland", nickname: "Athletics" },
      ],
    );
    const [player] = parseRoster(PATH, 'troum001,Trout,"Mike, Jr.",R,R,ANA,OF\n');
    assert.equal(player?.firstName, "Mike, Jr.");
    rejects(() => parseRoster(PATH, "\ntroum001,Trout,Mike,R,R,ANA\n"), 2, /expected 7 fields/);
  });
});
