/** The stored fixtures the rolling calendar copies into a competition's next edition. */

/** A stored fixture as an edition's template. */
export interface TemplateFixture {
  id: string;
  kickoff: string;
  round: string | null;
  season_id: string;
  home_team_id: string | null;
  away_team_id: string | null;
  venue: string | null;
  officials: string | null;
  broadcast: string | null;
  participants: string | null;
}

/** The columns of a template fixture. */
export const TEMPLATE_COLUMNS = [
  "id",
  "kickoff",
  "round",
  "season_id",
  "home_team_id",
  "away_team_id",
  "venue",
  "officials",
  "broadcast",
  "participants",
] as const;
