/**
 * A feed body → its messages, in order. Accepts one JSON object, a JSON array of objects, or
 * NDJSON (one object per line, blank lines skipped). A line of NDJSON that is not JSON becomes a
 * rejected item at its index, so the good lines around it still count; a body in which no line
 * is JSON is not a feed at all (FeedBodyError, a 400).
 */
export type FeedItem = { index: number; value: unknown } | { index: number; error: string };

export class FeedBodyError extends Error {}

export function parseFeedText(text: string): FeedItem[] {
  const trimmed = text.trim();
  if (trimmed === "")
    throw new FeedBodyError("the body is empty: send a JSON object, a JSON array or NDJSON");
  if (trimmed.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      throw new FeedBodyError(`the body is not valid JSON: ${(error as Error).message}`);
    }
    return parseFeedValue(parsed);
  }
  // One (possibly pretty-printed) JSON object; failing that, NDJSON. Only the parse may fail
  // here: a JSON document that is not an object (`42`) is a bad body, not NDJSON.
  let single: { value: unknown } | undefined;
  try {
    single = { value: JSON.parse(trimmed) };
  } catch {
    // not a single JSON document: read it line by line
  }
  if (single !== undefined) return parseFeedValue(single.value);
  const items: FeedItem[] = [];
  let index = 0;
  for (const line of trimmed.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    try {
      items.push({ index, value: JSON.parse(line) });
    } catch (error) {
      items.push({
        index,
        error: `line ${index + 1} is not valid JSON: ${(error as Error).message}`,
      });
    }
    index++;
  }
  // Not one line is JSON: the body as a whole is not JSON (a 400), not a feed of bad lines.
  const first = items[0];
  if (first !== undefined && "error" in first && items.every((item) => "error" in item)) {
    throw new FeedBodyError(`the body is not JSON or NDJSON: ${first.error}`);
  }
  return items;
}

/** An already-parsed JSON body (Fastify's JSON parser): one message or an array of them. */
function parseFeedValue(value: unknown): FeedItem[] {
  if (Array.isArray(value)) return value.map((item, index) => ({ index, value: item }));
  if (typeof value === "object" && value !== null) return [{ index: 0, value }];
  throw new FeedBodyError("the body must be a JSON object, a JSON array of objects, or NDJSON");
}
