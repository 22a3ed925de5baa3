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
  /** The prefix as UTF-8, made on first use: a replay copies bytes instead of encoding text. */
  private prefixBytes: Buffer | undefined;

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

  /**
   * One request's uncompressed body as bytes: the prefix's bytes and `tail`, copied into a slab.
   * Sent as a Buffer, the body is neither measured again (Fastify checks Content-Length with
   * `Buffer.byteLength`) nor encoded again (the socket), and the slab spares an allocation each.
   */
  body(tail: string): Buffer {
    let head = this.prefixBytes;
    if (head === undefined) {
      head = Buffer.from(this.prefix);
      this.prefixBytes = head;
      this.size += head.length;
    }
    const tailBytes = Buffer.byteLength(tail);
    const body = slabBytes(head.length + tailBytes);
    body.set(head, 0);
    body.write(tail, head.length, tailBytes);
    return body;
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
 * Bodies are cut from 64 KiB slabs (Node's own pool takes only buffers under 4 KiB). Below
 * malloc's mmap threshold (128 KiB), a slab reuses freed heap memory: 1 MiB slabs were fresh
 * pages each time, and their page faults cost more than the copy (3 µs a request on 13 KiB).
 */
const SLAB_SIZE = 64 * 1024;
let slab = Buffer.allocUnsafeSlow(0);
let slabUsed = 0;

/**
 * `size` bytes of a slab that no one else is handed: the slab is only ever cut forward, and
 * a full one is left to the garbage collector once the bodies cut from it are sent. A body of
 * more than half a slab gets its own buffer.
 */
function slabBytes(size: number): Buffer {
  if (size > SLAB_SIZE / 2) return Buffer.allocUnsafeSlow(size);
  if (slabUsed + size > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
    slabUsed = 0;
  }
  const bytes = slab.subarray(slabUsed, slabUsed + size);
  slabUsed += (size + 7) & ~7;
  return bytes;
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
