/**
 * Importing real open data: every format of `scoreline import` over its dataset in
 * `../shared/data/`, into a fresh SQLite store (and PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set). For each: the first import (records/s), the same import again (the
 * idempotent pass, which writes nothing), and the baseline measured in the same run: reading and
 * building the same units without a store, so the ratio is what storing costs on top of parsing.
 * Medians of 3 rounds, formats interleaved round by round.
 */

import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { IMPORT_FORMATS } from "../packages/server/src/importers/formats.js";
import type { ImportFormat } from "../packages/server/src/importers/shared/import-format.js";
import { runImport } from "../packages/server/src/importers/shared/run-import.js";
import { openStore, type Store } from "../packages/server/src/store/database.js";
import { migrate } from "../packages/server/src/store/migrate.js";
import { duration, perSecond } from "./lib/format.js";
import { median } from "./lib/stats.js";

const DATA = fileURLToPath(new URL("../../shared/data/", import.meta.url));
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ROUNDS = 3;

interface Figures {
  records: number;
  matches: number;
  parseMs: number[];
  firstMs: Record<string, number[]>;
  againMs: Record<string, number[]>;
}

export async function importBench(): Promise<string> {
  if (!existsSync(DATA)) return `Skipped: no shared data at ${DATA}.\n`;
  const dialects = PG_URL ? ["sqlite", "postgres"] : ["sqlite"];
  const figures = new Map<string, Figures>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const format of IMPORT_FORMATS) {
      const paths = format.sharedData.map((p) => join(DATA, p));
      const entry = figures.get(format.name) ?? {
        records: 0,
        matches: 0,
        parseMs: [],
        firstMs: {},
        againMs: {},
      };
      figures.set(format.name, entry);
      const parse = await parseOnly(format, paths);
      entry.parseMs.push(parse.ms);
      entry.records = parse.records;
      entry.matches = parse.matches;
      for (const dialect of dialects) {
        const store = await freshStore(dialect);
        try {
          const ctx = { store: store.store, clock: () => new Date() };
          const first = await runImport(ctx, format, paths);
          if (first.errors.length > 0) throw new Error(JSON.stringify(first.errors[0]));
          const again = await runImport(ctx, format, paths);
          entry.firstMs[dialect] = [...(entry.firstMs[dialect] ?? []), first.ms];
          entry.againMs[dialect] = [...(entry.againMs[dialect] ?? []), again.ms];
        } finally {
          await store.dispose();
        }
      }
    }
  }
  const lines = [
    "| format | records | matches | parse only (baseline) | " +
      dialects
        .map((d) => `${d}: first import | records/s | × baseline | again (unchanged)`)
        .join(" | ") +
      " |",
    `|---|---:|---:|---:|${dialects.map(() => "---:|---:|---:|---:|").join("")}`,
  ];
  for (const [name, f] of figures) {
    const parse = median(f.parseMs);
    const cells = dialects.map((d) => {
      const first = median(f.firstMs[d] ?? []);
      const again = median(f.againMs[d] ?? []);
      return `${duration(first)} | ${perSecond(f.records, first)} | ${(first / parse).toFixed(1)} | ${duration(again)}`;
    });
    lines.push(
      `| ${name} | ${f.records.toLocaleString("en")} | ${f.matches.toLocaleString("en")} | ${duration(parse)} | ${cells.join(" | ")} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function parseOnly(format: ImportFormat, paths: string[]) {
  const started = performance.now();
  const units = await format.plan(paths, {});
  let [records, matches] = [0, 0];
  for (const unit of units) {
    const built = await format.build(unit, {}, new Date());
    records += built.records;
    matches += built.matches;
  }
  return { ms: performance.now() - started, records, matches };
}

async function freshStore(dialect: string): Promise<{ store: Store; dispose(): Promise<void> }> {
  if (dialect === "sqlite" || PG_URL === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "scoreline-import-bench-"));
    const store = openStore(`sqlite:${join(dir, "bench.db")}`);
    await migrate(store);
    return {
      store,
      dispose: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const url = new URL(PG_URL);
  url.searchParams.set("schema", schema);
  const store = openStore(url.toString());
  await migrate(store);
  return {
    store,
    dispose: async () => {
      await store.close();
      const admin = openStore(PG_URL, { poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    },
  };
}
