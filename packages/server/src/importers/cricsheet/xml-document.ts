/**
 * Reads a Cricsheet XML file into plain nodes with fast-xml-parser, strictly (malformed XML is an
 * `ImportError` at the parser's line), and answers the line of any element node from the
 * parser's start offsets, so later checks can name the line of the element they reject.
 */
import { XMLParser } from "fast-xml-parser";
import { ImportError } from "../shared/import-format.js";

/** An element: its children by tag name (text content of leaf elements is a string). */
export type XmlNode = { [tag: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** Elements that may repeat, as `parent.child` pairs: always read as lists. */
const REPEATED = new Set([
  "dates.date",
  "teams.team",
  "umpires.umpire",
  "player_of_match.player_of_match",
  "innings.inning",
  "deliveries.delivery",
  "wickets.wicket",
  "fielders.fielder",
  "match.match",
  "role.role",
]);

const META = XMLParser.getMetaDataSymbol() as unknown as string;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  captureMetaData: true,
  isArray: (tag, path) => {
    const parts = String(path).split(".");
    return REPEATED.has(`${parts.at(-2) ?? ""}.${tag}`);
  },
});

export interface XmlDocument {
  path: string;
  root: XmlNode;
  /** The 1-based line an element node starts on (null for text leaves). */
  lineOf(node: XmlValue | undefined): number | null;
}

export function readXml(path: string, text: string): XmlDocument {
  let parsed: unknown;
  try {
    parsed = parser.parse(text, true);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /:(\d+):\d+$/.exec(message);
    const reason = at === null ? message : message.slice(0, at.index);
    throw new ImportError(path, at === null ? null : Number(at[1]), `malformed XML: ${reason}`);
  }
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineOf = (node: XmlValue | undefined): number | null => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return null;
    const meta = (node as Record<string, unknown>)[META] as { startIndex?: number } | undefined;
    const offset = meta?.startIndex;
    if (offset === undefined) return null;
    let [low, high] = [0, lineStarts.length - 1];
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  if (typeof parsed !== "object" || parsed === null) {
    throw new ImportError(path, 1, "not an XML document");
  }
  return { path, root: parsed as XmlNode, lineOf };
}
