/**
 * A feed body → its messages, in order. Accepts one JSON object, a JSON array of objects, or
 * NDJSON (one object per line, blank lines skipped). A line of NDJSON that is not JSON becomes a
 * rejected item at its index, so the good lines around it still count.
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
  // One (possibly pretty-printed) JSON object; failing that, NDJSON.
  try {
    return parseFeedValue(JSON.parse(trimmed));
  } catch {
    // not a single JSON document: read it line by line
  }
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
  return items;
}

/** An already-parsed JSON body (Fastify's JSON parser): one message or an array of them. */
export function parseFeedValue(value: unknown): FeedItem[] {
  if (Array.isArray(value)) return value.map((item, index) => ({ index, value: item }));
  if (typeof value === "object" && value !== null) return [{ index: 0, value }];
  throw new FeedBodyError("the body must be a JSON object, a JSON array of objects, or NDJSON");
}
