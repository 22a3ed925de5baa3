/**
 * Reads `ufc-master.csv` into records keyed by column name, each with the line it starts on.
 * The header must name every column the importer reads; a row whose column count differs from
 * the header's, an unclosed quote or any other CSV fault is an `ImportError` on its line.
 */
import { readFile } from "node:fs/promises";
import { CsvError, parse } from "csv-parse/sync";
import { ImportError } from "../shared/import-format.js";

/** One CSV row: the value of each column (empty text for an empty field), and its line. */
export interface CsvRecord {
  line: number;
  values: Readonly<Record<string, string>>;
}

/** The columns the importer reads; the file's other columns (career statistics) are ignored. */
const REQUIRED_COLUMNS = [
  "R_fighter",
  "B_fighter",
  "R_odds",
  "B_odds",
  "date",
  "location",
  "Winner",
  "title_bout",
  "weight_class",
  "gender",
  "no_of_rounds",
  "B_Stance",
  "B_Height_cms",
  "B_Reach_cms",
  "B_Weight_lbs",
  "R_Stance",
  "R_Height_cms",
  "R_Reach_cms",
  "R_Weight_lbs",
  "finish",
  "finish_details",
  "finish_round",
  "finish_round_time",
  "r_dec_odds",
  "b_dec_odds",
  "r_sub_odds",
  "b_sub_odds",
  "r_ko_odds",
  "b_ko_odds",
] as const;
export type Column = (typeof REQUIRED_COLUMNS)[number];

type InfoRow = { record: string[]; info: { lines: number } };

export async function readCsv(path: string): Promise<CsvRecord[]> {
  const text = await readFile(path, "utf8");
  let rows: InfoRow[];
  try {
    // With `info`, each row comes as `{record, info}` (the typings only know plain rows).
    rows = parse(text, { info: true, bom: true, skip_empty_lines: true }) as unknown as InfoRow[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === "number" ? error.lines : null;
      throw new ImportError(path, line, `malformed CSV: ${error.message}`);
    }
    throw error;
  }
  const [header, ...body] = rows;
  if (header === undefined) throw new ImportError(path, null, "the file is empty");
  const columns = header.record.map((name) => name.trim());
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new ImportError(path, 1, `header lacks the column(s) ${missing.join(", ")}`);
  }
  return body.map(({ record, info }) => ({
    line: info.lines,
    values: Object.fromEntries(columns.map((column, i) => [column, record[i] ?? ""])),
  }));
}
