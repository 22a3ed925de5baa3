/**
 * One football.json file as the importer sees it: its competition code (from the file name),
 * its season (from the folder, `2023-24` → `2023-2024`, `2019` → `2019`, else from the
 * document's name) and its matches. Pure: the caller reads the file.
 */
import { basename, dirname } from "node:path";
import { CODE_FILE, type LeagueInfo, leagueInfo } from "./leagues.js";
import { readSourceDocument, type SourceDocument, SourceShapeError } from "./source-shape.js";

export interface ParsedFile {
  path: string;
  /** `en.1`, `uefa.cl` */
  code: string;
  /** `2023-2024` or `2019` */
  season: string;
  league: LeagueInfo;
  document: SourceDocument;
}

/** Whether a file name is a competition code (`en.1.json`); other `.json` files are skipped. */
export function isCodeFileName(fileName: string): boolean {
  return CODE_FILE.test(fileName);
}

export function parseOpenfootballFile(path: string, text: string): ParsedFile {
  const fileName = basename(path);
  const code = CODE_FILE.exec(fileName)?.[0].slice(0, -".json".length);
  if (code === undefined) {
    throw new SourceShapeError(
      `the file name ${JSON.stringify(fileName)} is not a competition code like en.1.json`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SourceShapeError(`invalid JSON: ${(error as Error).message}`);
  }
  const document = readSourceDocument(json);
  const season = seasonFromFolder(basename(dirname(path))) ?? seasonFromTitle(document.name);
  if (season === null) {
    throw new SourceShapeError(
      `cannot tell the season: the folder is not like 2023-24 or 2019 and the name ${JSON.stringify(document.name)} ends in no season`,
    );
  }
  return {
    path,
    code,
    season,
    league: leagueInfo(code, titleWithoutSeason(document.name)),
    document,
  };
}

/** `2023-24` → `2023-2024`, `2023-2024` stays, `2019` → `2019`; anything else → null. */
export function seasonFromFolder(folder: string): string | null {
  return seasonName(/^(\d{4})(?:-(\d{2}|\d{4}))?$/.exec(folder));
}

/** The season at the end of a name: `… 2023/24` → `2023-2024`, `… 2019` → `2019`. */
export function seasonFromTitle(title: string): string | null {
  return seasonName(/(\d{4})(?:[/-](\d{2}|\d{4}))?\s*$/.exec(title));
}

function seasonName(match: RegExpExecArray | null): string | null {
  const start = match?.[1];
  if (match === null || start === undefined) return null;
  const end = match[2];
  if (end === undefined) return start;
  const next = Number(start) + 1;
  const valid = end.length === 4 ? Number(end) === next : Number(end) === next % 100;
  return valid ? `${start}-${next}` : null;
}

/** `English Premier League 2023/24` → `English Premier League`; `Japan | J1 League` → `Japan J1 League`. */
export function titleWithoutSeason(title: string): string {
  const bare = title
    .replace(/\s*\d{4}(?:[/-]\d{2,4})?\s*$/, "")
    .replace(/\s*\|\s*/g, " ")
    .trim();
  return bare === "" ? title : bare;
}
