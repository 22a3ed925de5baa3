/**
 * An online, consistent copy of the embedded SQLite store (`scoreline backup`): SQLite's backup
 * API through better-sqlite3, from a connection of its own while other processes keep serving
 * and writing. The copy goes to a temporary file beside the target, is checked, flushed to disk
 * and only then renamed over the target, so a failed backup never leaves a half file.
 */
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import SQLite from "better-sqlite3";

export interface BackupResult {
  /** The backup file's size. */
  bytes: number;
  /** Database pages copied. */
  pages: number;
  /** Wall time of the whole backup, check and rename included. */
  ms: number;
}

/**
 * Pages copied per step before the copy is known to be short. Writers in other processes restart
 * an incremental copy at every commit, so after the first step the rest is copied in one step:
 * one read transaction (a WAL snapshot, which never blocks writers) that cannot be restarted.
 */
const FIRST_STEP_PAGES = 256;

/** Copies the SQLite database at `source` to `target` (a path whose folder exists). */
export async function backupSqlite(
  source: string,
  target: string,
  /** After each step: pages copied so far of the total (a progress line on a terminal). */
  onProgress?: (copied: number, total: number) => void,
): Promise<BackupResult> {
  const started = performance.now();
  const temporary = join(
    dirname(target),
    `.${basename(target)}.partial-${randomBytes(6).toString("hex")}`,
  );
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    const copied = await database.backup(temporary, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress?.(totalPages - remainingPages, totalPages);
        return Math.max(totalPages, FIRST_STEP_PAGES);
      },
    });
    checkCopy(temporary);
    flushToDisk(temporary);
    renameSync(temporary, target);
    flushToDisk(dirname(target));
    return {
      bytes: statSync(target).size,
      pages: copied.totalPages,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    database.close();
    for (const leftover of [temporary, ...sidecars(temporary)]) rmSync(leftover, { force: true });
  }
}

/** The files SQLite keeps beside a database: its WAL, shared-memory index and rollback journal. */
function sidecars(path: string): string[] {
  return [`${path}-wal`, `${path}-shm`, `${path}-journal`];
}

/** Removes the sidecar files of `path` (a database being replaced must not meet an old WAL). */
export function removeSidecars(path: string): void {
  for (const file of sidecars(path)) if (existsSync(file)) rmSync(file, { force: true });
}

/** `PRAGMA quick_check` on the copy: page structure, record formats, indexes' sizes. */
function checkCopy(path: string): void {
  const copy = new SQLite(path, { fileMustExist: true });
  try {
    const result = copy.pragma("quick_check", { simple: true });
    if (result !== "ok") throw new Error(`the copy failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}

function flushToDisk(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
