/**
 * A 200 answer of a read route, cut around the two values that differ per request
 * (`meta.generated_at` and `meta.request_id`, ADR-0023): what the read cache keeps and what the
 * entity tag is computed from. Its tag is hashed from the parts once, and its head is compressed
 * at most once per content coding, so replaying it costs a concatenation, not a compressor.
 */
import { createHash } from "node:crypto";
import { type CodedHead, type Coding, codeHead, spliceTail } from "./spliced-coding.js";

const MARKER = '"generated_at":"';

export class Answer {
  /** `"…"`: the strong entity tag of the uncompressed answer. */
  readonly etag: string;
  /** The tags of its compressed forms: another coding is another representation (RFC 9110 §8.8.3.3). */
  readonly codedEtags: Readonly<Record<Coding, string>>;
  /** Characters of the body, and bytes of every head compressed so far (the read cache's size). */
  size: number;
  private readonly coded: Partial<Record<Coding, CodedHead>> = {};

  /** The body is `prefix` · generated_at · `middle` · request id · `suffix`. */
  constructor(
    readonly prefix: string,
    readonly middle: string,
    readonly suffix: string,
  ) {
    const hash = createHash("sha256")
      .update(prefix)
      .update("\n")
      .update(middle)
      .update("\n")
      .update(suffix)
      .digest("base64url")
      .slice(0, 27);
    this.etag = `"${hash}"`;
    this.codedEtags = { br: `"${hash}-br"`, gzip: `"${hash}-gzip"` };
    this.size = prefix.length + middle.length + suffix.length + 64;
  }

  /** What follows the prefix in one request's body. */
  tail(generatedAt: string, requestId: string): string {
    return generatedAt + this.middle + requestId + this.suffix;
  }

  /** The body compressed: the prefix's stream, compressed on first use, then `tail` as it is. */
  encode(coding: Coding, tail: string): Buffer {
    let head = this.coded[coding];
    if (head === undefined) {
      head = codeHead(coding, Buffer.from(this.prefix));
      this.coded[coding] = head;
      this.size += head.bytes.length;
    }
    return spliceTail(coding, head, Buffer.from(tail));
  }
}

/**
 * Cuts a serialised envelope around its `meta.generated_at` value and its request id (each
 * appears once; the envelope writes `generated_at` first). Null when the body does not look
 * like that — it then gets no entity tag and is not cached.
 */
export function cutAnswer(body: string, requestId: string): Answer | null {
  const at = body.indexOf(MARKER);
  if (at < 0 || body.indexOf(MARKER, at + 1) >= 0) return null;
  const timeStart = at + MARKER.length;
  const timeEnd = body.indexOf('"', timeStart);
  const idStart = body.indexOf(requestId);
  if (idStart < timeEnd || body.indexOf(requestId, idStart + 1) >= 0) return null;
  return new Answer(
    body.slice(0, timeStart),
    body.slice(timeEnd, idStart),
    body.slice(idStart + requestId.length),
  );
}
