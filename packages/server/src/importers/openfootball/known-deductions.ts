/**
 * Point deductions the openfootball files cannot carry (they hold results only), shipped as
 * data with their sources so an imported season's table is the official one. The importer
 * stores the deductions of a league season when it imports that season's file, for the clubs
 * the file has; a deduction whose club is not in the file is not applied. Deductions of seasons
 * not listed here are recorded with `scoreline standings deduct`.
 *
 * Each entry is one deduction as it finally stood: a sanction reduced on appeal is listed at
 * its reduced size (points are always positive), and two sanctions of one club are two entries.
 */

interface DeductionSource {
  /** Who published it. */
  publisher: string;
  /** What it says, in a line (the statement's gist, not necessarily its headline). */
  description: string;
  /** Publication date, `YYYY-MM-DD`. */
  date: string;
  /** Where it was published, when a link has been checked (none yet: the statements are cited by date). */
  url?: string;
}

export interface KnownDeduction {
  /** The openfootball file code of the league: `en.1`. */
  code: string;
  /** The season as the importer names it: `2023-2024`. */
  season: string;
  /** The club as the files spell it; matched the way the importer matches clubs (`teams.ts`). */
  team: string;
  /** Points deducted, a positive whole number. */
  points: number;
  /** When the deduction was first imposed, `YYYY-MM-DD`. */
  date: string;
  /** Shown in the table's `deduction_reasons` (at most 500 characters, like `standings deduct`). */
  reason: string;
  /**
   * What the row's id is derived from, the way `scoreline standings deduct` derives one from its
   * `--reason` (league, season, team, points, reason). It is the reason the documentation's
   * `standings deduct` examples recorded the deduction with before it shipped, so a store where
   * it was recorded by hand holds it once (the import then brings its reason up to date). Never
   * change a key: the reason may be corrected, the key is the row's identity.
   */
  key: string;
  sources: readonly DeductionSource[];
}

const PREMIER_LEAGUE = "Premier League";

export const KNOWN_DEDUCTIONS: readonly KnownDeduction[] = [
  {
    code: "en.1",
    season: "2023-2024",
    team: "Everton FC",
    points: 6,
    date: "2023-11-17",
    reason:
      "Breach of the Premier League's Profitability and Sustainability Rules (period ending 2021/22): " +
      "10 points deducted by an independent Commission on 17 Nov 2023, reduced to 6 by an Appeal Board " +
      "on 26 Feb 2024. Source: Premier League statements of 17 Nov 2023 and 26 Feb 2024 (premierleague.com).",
    key: "Profit and sustainability breach 2021-22 (10 reduced to 6 on appeal)",
    sources: [
      {
        publisher: PREMIER_LEAGUE,
        description:
          "An independent Commission imposes an immediate 10-point deduction on Everton FC for a breach of the Profitability and Sustainability Rules, period ending Season 2021/22",
        date: "2023-11-17",
      },
      {
        publisher: PREMIER_LEAGUE,
        description:
          "An independent Appeal Board concludes that the sanction for Everton FC's breach of the PSRs, period ending Season 2021/22, will be an immediate six-point deduction",
        date: "2024-02-26",
      },
    ],
  },
  {
    code: "en.1",
    season: "2023-2024",
    team: "Everton FC",
    points: 2,
    date: "2024-04-08",
    reason:
      "Breach of the Premier League's Profitability and Sustainability Rules (period ending 2022/23): " +
      "2 points deducted by an independent Commission on 8 Apr 2024; Everton withdrew its appeal on " +
      "10 May 2024. Source: Premier League statement of 8 Apr 2024 (premierleague.com).",
    key: "Profit and sustainability breach 2022-23",
    sources: [
      {
        publisher: PREMIER_LEAGUE,
        description:
          "An independent Commission gives an immediate two-point deduction to Everton FC for a breach of the Profitability and Sustainability Rules, period ending Season 2022/23",
        date: "2024-04-08",
      },
      {
        publisher: PREMIER_LEAGUE,
        description:
          "Everton FC withdraws its appeal; the two-point deduction remains in place for 2023/24",
        date: "2024-05-10",
      },
    ],
  },
  {
    code: "en.1",
    season: "2023-2024",
    team: "Nottingham Forest FC",
    points: 4,
    date: "2024-03-18",
    reason:
      "Breach of the Premier League's Profitability and Sustainability Rules (period ending 2022/23): " +
      "4 points deducted by an independent Commission on 18 Mar 2024; appeal dismissed by an Appeal " +
      "Board on 7 May 2024. Source: Premier League statements of 18 Mar 2024 and 7 May 2024 (premierleague.com).",
    key: "Profit and sustainability breach 2022-23",
    sources: [
      {
        publisher: PREMIER_LEAGUE,
        description:
          "An independent Commission applies an immediate four-point deduction to Nottingham Forest FC for a breach of the Profitability and Sustainability Rules, period ending Season 2022/23",
        date: "2024-03-18",
      },
      {
        publisher: PREMIER_LEAGUE,
        description:
          "An Appeal Board rejects each of Nottingham Forest FC's grounds of appeal; the four-point deduction remains in place",
        date: "2024-05-07",
      },
    ],
  },
];

/** The known deductions of a league season (by file code and season name). */
export function knownDeductions(code: string, season: string): KnownDeduction[] {
  return KNOWN_DEDUCTIONS.filter((d) => d.code === code && d.season === season);
}
