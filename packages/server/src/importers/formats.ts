/**
 * Every format `scoreline import <format>` reads besides openfootball (which has its own
 * command, older than this list). Add a format by adding it here.
 */

import { cricsheetFormat } from "./cricsheet/cricsheet-format.js";
import { fivethirtyeightNbaFormat } from "./fivethirtyeight-nba/nba-format.js";
import { fivethirtyeightNflFormat } from "./fivethirtyeight-nfl/fivethirtyeight-nfl-format.js";
import { harnessVicFormat } from "./harness-vic/harness-vic-format.js";
import { retrosheetFormat } from "./retrosheet/retrosheet-format.js";
import type { ImportFormat } from "./shared/import-format.js";
import { ufcFormat } from "./ufc/ufc-format.js";

export const IMPORT_FORMATS: readonly ImportFormat[] = [
  fivethirtyeightNbaFormat,
  fivethirtyeightNflFormat,
  cricsheetFormat,
  retrosheetFormat,
  ufcFormat,
  harnessVicFormat,
];
