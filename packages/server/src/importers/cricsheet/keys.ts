/**
 * Ids derived from the source's natural keys (`derivedId`), so the same files always give the
 * same rows: teams by competition and franchise, players by their Cricsheet name (unique per
 * person in Cricsheet), fixtures by Cricsheet match id.
 */
import { derivedId } from "../../lib/ids.js";

export const SOURCE = "cricsheet";
export const SPORT = "cricket";

export const competitionKey = (code: string, stage: "league" | "playoffs") =>
  derivedId("co", SOURCE, SPORT, code, stage);
export const seasonKey = (code: string, stage: "league" | "playoffs", season: string) =>
  derivedId("se", SOURCE, SPORT, code, stage, season);
export const teamKey = (code: string, franchise: string) =>
  derivedId("tm", SOURCE, SPORT, code, franchise);
export const playerKey = (name: string) => derivedId("pl", SOURCE, SPORT, name);
export const fixtureKey = (matchId: string) => derivedId("fx", SOURCE, SPORT, matchId);
export const eventKey = (matchId: string, sequence: number) =>
  derivedId("ev", SOURCE, SPORT, matchId, sequence);
