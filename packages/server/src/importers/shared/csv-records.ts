/**
 * A text's CSV records, each with the line it is on, split by csv-parse: how the
 * FiveThirtyEight and Retrosheet importers read their files. Lines end in `\n` or `\r\n` (a lone
 * `\r` is data), a blank line is a record of one empty field (each reader says what it means)
 * and records may differ in length (each reader checks its own). A CSV fault (a quote left open)
 * is an `ImportError` naming the path and the line.
 */
import { CsvError, parse } from "csv-parse/sync";
import { ImportError } from "./import-format.js";

export interface CsvRecord {
  /** The 1-based line the record ends on: its only line unless a quoted field holds a newline. */
  line: number;
  fields: string[];
}

interface CsvRecordOptions {
  /** Whether double quotes protect commas; when false a quote is a character like any other. */
  quoted: boolean;
  /** Whether a leading byte-order mark is dropped; otherwise it begins the first field. */
  bom?: boolean;
  /** Reads only the records up to this line (a header). */
  toLine?: number;
  /** The line of its file that `text` begins on, when it is a part of the file. */
  firstLine?: number;
}

/** With `info: true` each record comes as `{record, info}`; the typings lack that overload. */
interface Located {
  record: string[];
  info: { lines: number };
}

const LINE_ENDINGS = ["\r\n", "\n"];

/** csv-parse's faults in words that do not repeat its own line count. */
const FAULTS: Readonly<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted field is not closed",
  CSV_INVALID_CLOSING_QUOTE: "a closing quote is followed by more text instead of a comma",
  INVALID_OPENING_QUOTE: "a quote opens in the middle of a field",
};

export function csvRecords(path: string, text: string, options: CsvRecordOptions): CsvRecord[] {
  const offset = (options.firstLine ?? 1) - 1;
  let located: Located[];
  try {
    located = parse(text, {
      quote: options.quoted,
      bom: options.bom ?? false,
      info: true,
      relax_column_count: true,
      record_delimiter: LINE_ENDINGS,
      ...(options.toLine !== undefined ? { to_line: options.toLine } : {}),
    }) as unknown as Located[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === "number" ? error.lines + offset : null;
    throw new ImportError(path, line, `malformed CSV: ${FAULTS[error.code] ?? error.message}`);
  }
  return located.map(({ record, info }) => ({ line: info.lines + offset, fields: record }));
}

/** Whether a record is a blank line (nothing but spaces). */
export function isBlank(record: CsvRecord): boolean {
  return record.fields.length === 1 && (record.fields[0] ?? "").trim() === "";
}
