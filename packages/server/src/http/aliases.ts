/**
 * Both parameter vocabularies (ADR-0005) as aliases: `league` = `competition_id`,
 * `team` = `team_id`, `match_id` = `fixture_id`. Given both, they must agree.
 */
import { invalidParameter } from "../errors/service-error.js";

export function aliased(
  query: Record<string, unknown>,
  primary: string,
  alias: string,
): string | undefined {
  const a = query[primary];
  const b = query[alias];
  if (a !== undefined && b !== undefined && a !== b) {
    throw invalidParameter(alias, `${alias} and ${primary} name the same filter and must agree`);
  }
  const value = a ?? b;
  return value === undefined ? undefined : String(value);
}
