/**
 * A streamed body (the NDJSON and CSV exports) compressed on the way out. `pipeline` keeps
 * back-pressure from the socket to the source, and carries a failure of either side to the
 * other: a source that fails mid-way fails the compressed stream (the response is aborted, so
 * a truncated download is never mistaken for a whole one), and a client that goes away
 * destroys the source (its database cursor is closed).
 */
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { BROTLI_QUALITY, type Coding, GZIP_LEVEL } from "./spliced-coding.js";

export function codedStream(source: Readable, coding: Coding): Readable {
  const coder =
    coding === "br"
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : createGzip({ level: GZIP_LEVEL });
  // The failure reaches Fastify through the coder's own "error" event.
  pipeline(source, coder, () => {});
  return coder;
}
