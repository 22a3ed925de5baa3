/**
 * The name pools are JSON files read and checked at load: every file in lists/ is used, and a
 * malformed one is refused with the file and the offending path named.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { COUNTRY_POOLS } from "../../src/sample/pools/index.js";
import { Bookmakers, Country, NameList } from "../../src/sample/pools/pool-schemas.js";
import { readPoolFile } from "../../src/sample/pools/read-pool-file.js";

const LISTS = new URL("../../src/sample/pools/lists/", import.meta.url);

describe("name pool files", () => {
  const scratch = mkdtempSync(join(tmpdir(), "scoreline-pools-"));
  mkdirSync(join(scratch, "countries"));
  const dir = pathToFileURL(`${scratch}/`);
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test("every country file is a pool the generator draws from, once", () => {
    const files = readdirSync(new URL("countries/", LISTS)).filter((f) => f.endsWith(".json"));
    const codes = COUNTRY_POOLS.map((pool) => `${pool.code.toLowerCase()}.json`);
    assert.deepEqual([...codes].sort(), files.sort());
  });

  test("a file that is not JSON is refused, naming the file", () => {
    writeFileSync(join(scratch, "broken.json"), '["Hawks", "Comets",');
    assert.throws(
      () => readPoolFile("broken.json", NameList, dir),
      (error: Error) => error.message.includes(join(scratch, "broken.json")),
    );
  });

  test("a file of the wrong shape is refused, naming the file and the path", () => {
    const book = {
      slug: "north-bet",
      name: "North Bet",
      marginTarget: 0.05,
      oddsFormat: "hongkong",
      marketNames: { "1x2": "Match Result" },
    };
    writeFileSync(join(scratch, "bookmakers.json"), JSON.stringify([book]));
    assert.throws(
      () => readPoolFile("bookmakers.json", Bookmakers, dir),
      (error: Error) =>
        error.message.includes(join(scratch, "bookmakers.json")) &&
        error.message.includes("/0/oddsFormat"),
    );
  });

  test("an empty or repeating list is refused", () => {
    const country = {
      code: "GB-WLS",
      name: "Wales",
      firstNames: [],
      lastNames: ["Jones", "Jones"],
      cities: ["Cardiff"],
    };
    writeFileSync(join(scratch, "countries/gb-wls.json"), JSON.stringify(country));
    assert.throws(
      () => readPoolFile("countries/gb-wls.json", Country, dir),
      (error: Error) =>
        error.message.includes("gb-wls.json") &&
        error.message.includes("/firstNames") &&
        error.message.includes("/lastNames"),
    );
  });

  test("a well-formed file is read as written", () => {
    writeFileSync(join(scratch, "nicknames.json"), JSON.stringify(["Hawks", "Comets"]));
    assert.deepEqual(readPoolFile("nicknames.json", NameList, dir), ["Hawks", "Comets"]);
  });
});
