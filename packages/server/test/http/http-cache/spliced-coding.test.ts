/**
 * A head compressed once and a tail spliced in uncompressed make one valid gzip member or
 * brotli stream, whatever the split: empty parts, multi-byte characters, tails longer than one
 * stored block (64 KiB) or one uncompressed meta-block.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type Coding, codeHead, spliceTail } from "../../../src/http/http-cache/spliced-coding.js";

const CODINGS: Coding[] = ["br", "gzip"];

function decompress(coding: Coding, bytes: Buffer): Buffer {
  return coding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes);
}

/** JSON-like text with repetition (so it compresses) and a few multi-byte characters. */
function body(size: number): Buffer {
  const row = '{"id":"fx_0123456789abcdef","home":"Atlético","away":"Müller FC","score":"2-1"},';
  let text = "";
  while (text.length < size) text += row + randomBytes(4).toString("hex");
  return Buffer.from(text.slice(0, size));
}

test("every split of a body decompresses to the body", () => {
  const whole = body(20_000);
  for (const coding of CODINGS) {
    for (const split of [0, 1, 1000, 19_900, 20_000]) {
      const head = codeHead(coding, whole.subarray(0, split));
      const spliced = spliceTail(coding, head, whole.subarray(split));
      assert.deepEqual(decompress(coding, spliced), whole, `${coding} split at ${split}`);
    }
  }
});

test("tails longer than one block are split into several", () => {
  const whole = Buffer.concat([body(5_000), randomBytes(200_000)]);
  for (const coding of CODINGS) {
    const spliced = spliceTail(
      coding,
      codeHead(coding, whole.subarray(0, 5_000)),
      whole.subarray(5_000),
    );
    assert.deepEqual(decompress(coding, spliced), whole, coding);
  }
});

test("a head compressed once serves many tails, and an empty tail closes the stream", () => {
  const head = body(10_000);
  for (const coding of CODINGS) {
    const coded = codeHead(coding, head);
    for (const id of ["req_a", "req_bb", "req_ccc"]) {
      const tail = Buffer.from(`","request_id":"${id}"}}`);
      const out = decompress(coding, spliceTail(coding, coded, tail));
      assert.deepEqual(out, Buffer.concat([head, tail]));
    }
    const whole = spliceTail(coding, coded, Buffer.alloc(0));
    assert.deepEqual(decompress(coding, whole), head);
    assert.ok(whole.length < head.length / 3, `${coding} compresses`);
  }
});
