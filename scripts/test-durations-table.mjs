#!/usr/bin/env node
// Prints a Markdown table of test files' durations, slowest first, from one or more JSON records
// written by `node scripts/run-tests.mjs --durations <file>` ({"server/test/…test.js": seconds}):
//
//   node scripts/test-durations-table.mjs before.json after.json > table.md
//
// Each record is a column headed by its file name; a file missing from a record shows "—".
import { readFileSync } from "node:fs";
import { basename } from "node:path";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node scripts/test-durations-table.mjs <durations.json> [...]");
  process.exit(2);
}
const records = files.map((file) => JSON.parse(readFileSync(file, "utf8")));
const names = [...new Set(records.flatMap((record) => Object.keys(record)))];
const last = records.at(-1);
names.sort((a, b) => (last[b] ?? -1) - (last[a] ?? -1) || a.localeCompare(b));

const cell = (value) => (value === undefined ? "—" : value.toFixed(1));
const lines = [
  `| test file | ${files.map((file) => basename(file, ".json")).join(" | ")} |`,
  `| --- | ${files.map(() => "---:").join(" | ")} |`,
  ...names.map(
    (name) => `| ${name} | ${records.map((record) => cell(record[name])).join(" | ")} |`,
  ),
  `| **sum** | ${records.map((record) => cell(Object.values(record).reduce((a, b) => a + b, 0))).join(" | ")} |`,
];
process.stdout.write(`${lines.join("\n")}\n`);
