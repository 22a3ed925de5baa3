/**
 * The SSRF guard for webhook deliveries (ADR-0016): a webhook target is a customer-supplied
 * URL, so the address the worker actually connects to must be public unicast. Anything ipaddr.js
 * does not classify as `unicast` (after turning IPv4-mapped IPv6 into IPv4) is refused, and so is
 * IPv6 outside the global unicast block 2000::/3 (which catches the deprecated IPv4-compatible
 * form ::a.b.c.d that ipaddr.js calls unicast). `allowPrivate` (SCORELINE_WEBHOOK_ALLOW_PRIVATE,
 * for local testing) turns the guard off.
 *
 * Two places enforce it:
 * - `guardedLookup` is the `lookup` of every connection the delivery agent opens, so the address
 *   checked is the address connected to (see the note on DNS rebinding there);
 * - `checkTarget` runs before a request, for IP-literal hosts: Node does no lookup for those.
 */

import type { LookupAddress, LookupAllOptions, LookupOptions } from "node:dns";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import net from "node:net";
import ipaddr from "ipaddr.js";

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

/** A connection refused by the address policy. */
export class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
  /** The refused IP address. */
  readonly address: string;
  /** Why, in words: "127.0.0.1 is a loopback address". */
  readonly reason: string;
  /** The hostname that resolved to `address`, when the refusal came from a lookup. */
  readonly hostname: string | undefined;

  constructor(address: string, reason: string, hostname?: string) {
    super(
      hostname === undefined
        ? `blocked by the webhook address policy: ${reason}`
        : `blocked by the webhook address policy: ${hostname} resolved to ${address}; ${reason}`,
    );
    this.name = "BlockedAddressError";
    this.address = address;
    this.reason = reason;
    this.hostname = hostname;
  }
}

const IPV4_RANGES: Record<string, string> = {
  unspecified: "an unspecified address (0.0.0.0/8)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private address",
  reserved: "a reserved address (documentation, benchmarking or future use)",
  as112: "an AS112 DNS sink address",
  amt: "an AMT relay anycast address",
};

const IPV6_RANGES: Record<string, string> = {
  unspecified: "the unspecified address",
  linkLocal: "a link-local address",
  multicast: "a multicast address",
  loopback: "a loopback address",
  uniqueLocal: "a unique-local (private) address",
  deprecatedSiteLocal: "a site-local address",
  discard: "a discard-only address",
  rfc6145: "an IPv4-translated address",
  rfc6052: "a NAT64 address",
  "6to4": "a 6to4 address",
  teredo: "a Teredo tunnelling address",
  benchmarking: "a benchmarking address",
  amt: "an AMT relay address",
  as112v6: "an AS112 DNS sink address",
  deprecatedOrchid: "an ORCHID address",
  orchid2: "an ORCHID address",
  droneRemoteIdProtocolEntityTags: "a drone remote ID address",
  segmentRouting: "a segment routing address",
  reserved: "a reserved address (documentation or future use)",
};

const METADATA_ADDRESS = "169.254.169.254";
const GLOBAL_UNICAST = ipaddr.IPv6.parse("2000::");
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse("64:ff9b::");

function describeIPv4(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  if (range === "unicast") return undefined;
  if (address.toString() === METADATA_ADDRESS) return "the link-local cloud metadata address";
  return IPV4_RANGES[range] ?? `a special-purpose address (${range})`;
}

/** The IPv4 address embedded in a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  if (range === "rfc6052" && address.match(NAT64_WELL_KNOWN, 96)) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (range === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

/**
 * Parses an address. IPv6 goes through the WHATWG URL parser first: ipaddr.js 2.5 reads the mixed
 * notation "::a.b.c.d" as the IPv4-mapped ::ffff:a.b.c.d, where it is the IPv4-compatible
 * ::a.b.c.d; the URL parser spells it in hex (::7f00:1), which ipaddr.js reads correctly. A zone
 * index ("fe80::1%eth0") does not change the range and is dropped.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const [address = "", zone] = text.split("%", 2);
  try {
    if (net.isIPv6(address)) {
      const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
      return ipaddr.IPv6.parse(canonical);
    }
    // IPv4, including the spellings inet_aton accepts (127.1, 0x7f000001); no zone index.
    return zone === undefined ? ipaddr.IPv4.parse(address) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a connection to `ip` is allowed: only public unicast addresses are. The reason names the
 * range in words ("127.0.0.1 is a loopback address"). Accepts IPv6 with or without brackets and
 * with a zone index; anything that is not an IP address is refused.
 */
export function classifyAddress(ip: string): AddressVerdict {
  const text = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  const parsed = parseAddress(text);
  if (parsed === undefined) {
    return { allowed: false, reason: `${JSON.stringify(ip)} is not an IP address` };
  }

  if (parsed instanceof ipaddr.IPv4) {
    const described = describeIPv4(parsed);
    return described === undefined
      ? { allowed: true }
      : { allowed: false, reason: `${text} is ${described}` };
  }

  const v6 = parsed;
  if (v6.isIPv4MappedAddress()) {
    const v4 = v6.toIPv4Address();
    const described = describeIPv4(v4);
    return described === undefined
      ? { allowed: true }
      : { allowed: false, reason: `${text} is ${described} (IPv4-mapped ${v4.toString()})` };
  }

  const range = v6.range();
  if (range !== "unicast") {
    const described = IPV6_RANGES[range] ?? `a special-purpose address (${range})`;
    const embedded = embeddedIPv4(v6, range);
    if (embedded === undefined) return { allowed: false, reason: `${text} is ${described}` };
    const inner = describeIPv4(embedded);
    const suffix =
      inner === undefined
        ? `embedding ${embedded.toString()}; translated addresses are refused`
        : `embedding ${embedded.toString()}, ${inner}`;
    return { allowed: false, reason: `${text} is ${described} (${suffix})` };
  }
  if (!v6.match(GLOBAL_UNICAST, 3)) {
    return {
      allowed: false,
      reason: `${text} is a reserved address (outside the global unicast range 2000::/3)`,
    };
  }
  return { allowed: true };
}

/**
 * Checks a delivery URL before connecting: the scheme must be http or https (a plain Error
 * otherwise), and an IP-literal host must be allowed (a BlockedAddressError otherwise). Node does
 * no DNS lookup for IP literals, so `guardedLookup` never sees them; hostnames are left to it.
 * Whether plain http is acceptable at all is the subscription's rule, not this one.
 */
export function checkTarget(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(
      `unsupported URL scheme ${JSON.stringify(url.protocol)} (only http: and https:)`,
    );
  }
  if (allowPrivate) return;
  const host = url.hostname;
  // WHATWG URL keeps IPv6 literals bracketed and normalises every IPv4 spelling (0x7f.1,
  // 2130706433, 127.1) to dotted quad, so these two tests find every literal.
  const literal = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (net.isIP(literal) === 0) return;
  const verdict = classifyAddress(literal);
  if (!verdict.allowed) throw new BlockedAddressError(literal, verdict.reason);
}

/** The all-addresses form of `dns.lookup`; injectable so tests can play a resolver. */
export type LookupAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemLookup: LookupAll = (hostname, options, callback) => {
  dns.lookup(hostname, options, callback);
};

/**
 * A `lookup` for `net.connect` / undici's `connect` option that resolves with
 * `dns.lookup(hostname, { all: true, ... })` and keeps only allowed addresses. If every address is
 * refused it fails with a BlockedAddressError naming the first one; otherwise it answers with the
 * allowed ones: the list when the caller asked for `all` (as Node's happy-eyeballs connect does),
 * else the first.
 *
 * Why this closes DNS rebinding: a check that resolves the name, approves the answer and then lets
 * the HTTP client resolve it again can be fooled by a name whose answer changes between the two
 * lookups (public first, 127.0.0.1 second, with a zero TTL). Here there is one lookup, inside the
 * socket's connect, and the socket connects only to the addresses this function returns, so the
 * address checked is the address used. Connections reused by keep-alive were checked when opened.
 */
export function guardedLookup(
  allowPrivate: boolean,
  resolve: LookupAll = systemLookup,
): LookupFunction {
  return (hostname, options, callback) => {
    const opts: LookupOptions = typeof options === "object" && options !== null ? options : {};
    const wantAll = opts.all === true;
    const fail = (err: NodeJS.ErrnoException) => callback(err, wantAll ? [] : "");
    try {
      resolve(hostname, { ...opts, all: true }, (err, addresses) => {
        if (err) return fail(err);
        const usable = allowPrivate
          ? addresses
          : addresses.filter((entry) => classifyAddress(entry.address).allowed);
        const first = usable[0];
        if (first === undefined) {
          const refused = addresses[0];
          if (refused === undefined) {
            const notFound = Object.assign(new Error(`no addresses for ${hostname}`), {
              code: "ENOTFOUND",
              hostname,
            });
            return fail(notFound);
          }
          const verdict = classifyAddress(refused.address);
          const reason = verdict.allowed ? `${refused.address} is refused` : verdict.reason;
          return fail(new BlockedAddressError(refused.address, reason, hostname));
        }
        if (wantAll) return callback(null, usable);
        return callback(null, first.address, first.family);
      });
    } catch (err) {
      process.nextTick(fail, err as NodeJS.ErrnoException);
    }
  };
}
