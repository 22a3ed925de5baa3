/** Name search: case- and accent-insensitive substring match on the stored `search_name`. */
import { searchable } from "../lib/text.js";

/** A LIKE pattern for `text`, with LIKE's wildcards escaped (`\` is the escape character). */
export function searchPattern(text: string): string {
  return `%${searchable(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
