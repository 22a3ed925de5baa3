/**
 * Bulk exports read as they arrive: the response body is decoded and split into lines chunk by
 * chunk, so an export of any size is walked in constant memory. NDJSON lines are parsed into
 * records; CSV lines are handed over as text (the header line first).
 */
import { APIPromise } from "./api-promise.js";
import { APIConnectionError } from "./errors.js";
import type { RawResponse } from "./transport.js";

/** The lines of a body, without their line breaks; a last line without a break is kept. */
async function* linesOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<string> {
  if (body === null) return;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        yield pending.slice(0, newline).replace(/\r$/, "");
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
    }
    pending += decoder.decode();
    if (pending.length > 0) yield pending.replace(/\r$/, "");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new APIConnectionError(`the export stopped mid-way: ${reason}`, { cause: error });
  } finally {
    reader.releaseLock();
  }
}

/** Records of an NDJSON body, one per non-empty line. */
async function* ndjsonRecords<T>(body: ReadableStream<Uint8Array> | null): AsyncGenerator<T> {
  for await (const line of linesOf(body)) {
    if (line.trim()) yield JSON.parse(line) as T;
  }
}

/**
 * A promise of an export that is also the export: `for await (const record of promise)` reads
 * it; `await promise.withResponse()` gives the headers first. An export can be read once.
 */
export class ExportPromise<T> extends APIPromise<AsyncIterable<T>> implements AsyncIterable<T> {
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    yield* await this;
  }
}

export function exportOf<T>(raw: Promise<RawResponse>, ndjson: boolean): ExportPromise<T> {
  return new ExportPromise<T>(raw, ({ response }) =>
    ndjson ? ndjsonRecords<T>(response.body) : (linesOf(response.body) as AsyncIterable<T>),
  );
}
