/**
 * Which content coding an answer goes out in, from `Accept-Encoding` (RFC 9110 §12.5.3): br or
 * gzip, whichever has the higher q-value (br when they tie); `*` stands for an unnamed one and
 * `x-gzip` for gzip; q=0 refuses. Uncompressed when the client names nothing we have, or names
 * `identity` with a higher q-value than either. Clients send few distinct headers: the answers
 * are remembered per header value.
 */
import type { Coding } from "./spliced-coding.js";

const MEMO_LIMIT = 256;
const memo = new Map<string, Coding | undefined>();

export function chooseCoding(header: string | undefined): Coding | undefined {
  if (header === undefined || header === "") return undefined;
  if (memo.has(header)) return memo.get(header);
  const coding = choose(header);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(header, coding);
  return coding;
}

function choose(header: string): Coding | undefined {
  const q = new Map<string, number>();
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.split(";");
    const coding = name.trim().toLowerCase();
    if (coding === "") continue;
    let weight = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=");
      if (key.trim().toLowerCase() === "q") weight = Number(value.trim());
    }
    // A q-value is a number from 0 to 1 (NaN fails too); an unreadable entry is ignored.
    if (!(weight >= 0 && weight <= 1)) continue;
    q.set(coding === "x-gzip" ? "gzip" : coding, weight);
  }
  const any = q.get("*");
  const br = q.get("br") ?? any ?? 0;
  const gzip = q.get("gzip") ?? any ?? 0;
  const best: Coding = br >= gzip ? "br" : "gzip";
  const weight = Math.max(br, gzip);
  if (weight <= 0) return undefined;
  const identity = q.get("identity");
  return identity !== undefined && identity > weight ? undefined : best;
}
