/**
 * What an import format is: how to turn the paths a user gives into units (each stored in one
 * transaction of its own, so a bad unit changes nothing and the others still import), and how to
 * read one unit into store rows. `scoreline import <format>` and the tests run every format
 * through `runImport`; the formats are listed in `formats.ts`.
 */
import type { ImportDataset } from "./write-import.js";

/** A part of the input stored in one transaction: a file, or a season's files read together. */
export interface ImportUnit {
  /** What progress and errors name: the file, or the folder with what was read from it. */
  label: string;
  files: string[];
}

/** A format's own command-line option (e.g. `--all` seasons), with its default. */
interface FormatOption {
  /** Commander flags, e.g. `--all` or `--season <year>`. */
  flags: string;
  description: string;
}

export type FormatOptions = Record<string, unknown>;

export interface BuiltUnit {
  dataset: ImportDataset;
  /** Source records read (CSV rows, deliveries, event lines): the rows/s figure counts these. */
  records: number;
  /** Matches, bouts or races among the rows, for the summary line. */
  matches: number;
}

export interface ImportFormat {
  /** The subcommand: `scoreline import <name>`. */
  name: string;
  /** The `data-sources.ts` id every row it writes carries. */
  source: string;
  /** One line for `--help`. */
  description: string;
  options?: readonly FormatOption[];
  /**
   * The dataset this format was written for, as paths under the shared data folder
   * (`../shared/data/` beside the repository): what the docs' one-line command and the import
   * benchmark pass.
   */
  sharedData: readonly string[];
  /** The units under the paths given (files, folders). Throws `ImportError` for a bad path. */
  plan(paths: readonly string[], options: FormatOptions): Promise<ImportUnit[]>;
  /** Reads one unit. Throws `ImportError` naming the file and line of the first bad record. */
  build(unit: ImportUnit, options: FormatOptions, now: Date): Promise<BuiltUnit>;
}

/** A bad input, by path and (where there is one) line, with the reason. */
export class ImportError extends Error {
  constructor(
    readonly path: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(`${path}${line === null ? "" : `:${line}`}: ${reason}`);
    this.name = "ImportError";
  }
}
