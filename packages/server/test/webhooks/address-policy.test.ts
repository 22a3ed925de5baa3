import assert from "node:assert/strict";
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { describe, test } from "node:test";
import {
  BlockedAddressError,
  checkTarget,
  classifyAddress,
  guardedLookup,
  type LookupAll,
} from "../../src/adapters/webhooks/address-policy.js";

// Pure classification: nothing here sends traffic anywhere.
const refused: Array<[family: string, addresses: string[], reason: RegExp]> = [
  ["IPv4 loopback", ["127.0.0.1", "127.0.0.53", "127.255.255.254"], /loopback/],
  [
    "IPv4 private",
    ["10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255", "192.168.1.1"],
    /private/,
  ],
  ["IPv4 link-local", ["169.254.0.1", "169.254.255.254"], /link-local/],
  ["cloud metadata", ["169.254.169.254"], /metadata/],
  ["carrier-grade NAT", ["100.64.0.1", "100.127.255.254"], /carrier-grade NAT/],
  ["IPv4 multicast", ["224.0.0.1", "239.255.255.250", "233.252.0.1"], /multicast/],
  ["IPv4 unspecified", ["0.0.0.0", "0.1.2.3"], /unspecified/],
  ["broadcast", ["255.255.255.255"], /broadcast/],
  [
    "IPv4 reserved, documentation and benchmarking",
    ["192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1", "198.19.255.1", "240.0.0.1"],
    /reserved/,
  ],
  ["IPv6 loopback", ["::1", "0:0:0:0:0:0:0:1"], /loopback/],
  ["IPv6 unspecified", ["::", "0:0:0:0:0:0:0:0"], /unspecified/],
  ["IPv6 unique-local", ["fc00::1", "fd12::1", "fdff:ffff::1"], /unique-local/],
  ["IPv6 link-local", ["fe80::1", "febf::1", "fe80::1%eth0"], /link-local/],
  ["IPv6 multicast", ["ff02::1", "ff05::2"], /multicast/],
  ["IPv6 documentation", ["2001:db8::1"], /reserved/],
  [
    "IPv4-mapped loopback",
    ["::ffff:127.0.0.1", "::ffff:7f00:1"],
    /loopback.*IPv4-mapped 127\.0\.0\.1/,
  ],
  ["IPv4-mapped private", ["::ffff:10.0.0.1", "::ffff:192.168.0.1"], /private.*IPv4-mapped/],
  ["IPv4-mapped metadata", ["::ffff:169.254.169.254", "::ffff:a9fe:a9fe"], /metadata/],
  ["IPv4-mapped unspecified", ["::ffff:0.0.0.0"], /unspecified/],
  [
    "NAT64 embedding loopback",
    ["64:ff9b::7f00:1", "64:ff9b::127.0.0.1"],
    /NAT64.*127\.0\.0\.1, a loopback/,
  ],
  ["NAT64 embedding metadata", ["64:ff9b::a9fe:a9fe"], /NAT64.*metadata/],
  ["6to4 embedding private", ["2002:0a00:0001::1", "2002:c0a8:0101::"], /6to4.*private/],
  ["Teredo", ["2001::1"], /Teredo/],
  [
    "IPv4-compatible (deprecated)",
    ["::7f00:1", "::127.0.0.1", "::a00:1", "::8.8.8.8"],
    /2000::\/3/,
  ],
  ["not an IP address", ["localhost", "", "example.com", "1.2.3.4.5"], /not an IP address/],
];

const allowed = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "172.32.0.1",
  "100.128.0.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001:82a::200e",
  "::ffff:8.8.8.8",
];

describe("classifyAddress", () => {
  for (const [family, addresses, reason] of refused) {
    test(`refuses ${family}`, () => {
      for (const address of addresses) {
        const verdict = classifyAddress(address);
        assert.equal(verdict.allowed, false, address);
        assert.ok(!verdict.allowed);
        assert.match(verdict.reason, reason, address);
      }
    });
  }

  test("the reason names the address and the range in words", () => {
    assert.deepEqual(classifyAddress("127.0.0.1"), {
      allowed: false,
      reason: "127.0.0.1 is a loopback address",
    });
    assert.deepEqual(classifyAddress("10.1.2.3"), {
      allowed: false,
      reason: "10.1.2.3 is a private address",
    });
    assert.deepEqual(classifyAddress("::ffff:127.0.0.1"), {
      allowed: false,
      reason: "::ffff:127.0.0.1 is a loopback address (IPv4-mapped 127.0.0.1)",
    });
  });

  test("allows public unicast addresses", () => {
    for (const address of allowed) {
      assert.deepEqual(classifyAddress(address), { allowed: true }, address);
    }
  });

  test("NAT64 and 6to4 are refused even when they embed a public IPv4 address", () => {
    for (const address of ["64:ff9b::808:808", "2002:0808:0808::1"]) {
      const verdict = classifyAddress(address);
      assert.ok(!verdict.allowed, address);
      assert.match(verdict.reason, /embedding 8\.8\.8\.8; translated addresses are refused/);
    }
  });

  test("bracketed IPv6 is accepted as input", () => {
    assert.match(reasonOf(classifyAddress("[::1]")), /^::1 is a loopback address$/);
    assert.deepEqual(classifyAddress("[2606:4700:4700::1111]"), { allowed: true });
  });
});

function reasonOf(verdict: ReturnType<typeof classifyAddress>): string {
  assert.ok(!verdict.allowed);
  return verdict.reason;
}

describe("checkTarget", () => {
  test("refuses non-http(s) schemes with a plain Error", () => {
    for (const url of ["ftp://example.com/", "file:///etc/passwd", "gopher://example.com/"]) {
      assert.throws(
        () => checkTarget(new URL(url), false),
        (err: unknown) =>
          err instanceof Error &&
          !(err instanceof BlockedAddressError) &&
          /unsupported URL scheme/.test(err.message),
      );
      // Even with the guard off.
      assert.throws(() => checkTarget(new URL(url), true), /unsupported URL scheme/);
    }
  });

  test("refuses IP-literal hosts that are not public, IPv6 literals included", () => {
    const cases: Array<[string, string]> = [
      ["http://127.0.0.1:8080/hook", "127.0.0.1"],
      ["https://169.254.169.254/latest/meta-data/", "169.254.169.254"],
      ["http://0.0.0.0/", "0.0.0.0"],
      ["http://[::1]:8080/", "::1"],
      ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
      ["http://[fd12::1]/", "fd12::1"],
      // WHATWG URL normalises every IPv4 spelling to dotted quad.
      ["http://0x7f.1/", "127.0.0.1"],
      ["http://2130706433/", "127.0.0.1"],
      ["http://127.1/", "127.0.0.1"],
      ["http://127.0.0.1./", "127.0.0.1"],
    ];
    for (const [url, address] of cases) {
      assert.throws(
        () => checkTarget(new URL(url), false),
        (err: unknown) =>
          err instanceof BlockedAddressError &&
          err.code === "EBLOCKEDADDRESS" &&
          err.address === address &&
          err.reason.startsWith(`${address} is `),
        url,
      );
    }
  });

  test("lets public literals and hostnames through (hostnames are checked at connect time)", () => {
    for (const url of [
      "https://8.8.8.8/",
      "https://[2606:4700:4700::1111]/",
      "https://hooks.example.com/",
      "http://localhost:3000/",
    ]) {
      assert.doesNotThrow(() => checkTarget(new URL(url), false), url);
    }
  });

  test("allowPrivate turns the address check off", () => {
    for (const url of ["http://127.0.0.1/", "http://[::1]/", "http://169.254.169.254/"]) {
      assert.doesNotThrow(() => checkTarget(new URL(url), true), url);
    }
  });
});

type LookupResult = {
  err: NodeJS.ErrnoException | null;
  address: string | LookupAddress[];
  family?: number;
};

function callLookup(lookup: LookupFunction, hostname: string, all: boolean): Promise<LookupResult> {
  return new Promise((resolve) => {
    lookup(hostname, { all }, (err, address, family) => resolve({ err, address, family }));
  });
}

/** A resolver answering from a script, one answer per call (a rebinding name's changing DNS). */
function scriptedResolver(answers: Array<LookupAddress[] | NodeJS.ErrnoException>): LookupAll {
  let call = 0;
  return (_hostname, options, callback) => {
    assert.equal(options.all, true, "the guard always asks for every address");
    const answer = answers[Math.min(call++, answers.length - 1)] ?? [];
    setImmediate(() => (Array.isArray(answer) ? callback(null, answer) : callback(answer, [])));
  };
}

describe("guardedLookup", () => {
  test("refuses localhost, with all and with a single address", async () => {
    for (const all of [true, false]) {
      const { err } = await callLookup(guardedLookup(false), "localhost", all);
      assert.ok(err instanceof BlockedAddressError, `all=${all}`);
      assert.equal(err.code, "EBLOCKEDADDRESS");
      assert.equal(err.hostname, "localhost");
      assert.match(err.reason, /^(127\.0\.0\.1|::1) is a loopback address$/);
    }
  });

  test("refuses an IP string that resolves to itself", async () => {
    const { err } = await callLookup(guardedLookup(false), "127.0.0.1", true);
    assert.ok(err instanceof BlockedAddressError);
    assert.equal(err.address, "127.0.0.1");
  });

  test("passes a public IP string through (a numeric lookup sends no traffic)", async () => {
    const many = await callLookup(guardedLookup(false), "8.8.8.8", true);
    assert.equal(many.err, null);
    assert.deepEqual(many.address, [{ address: "8.8.8.8", family: 4 }]);
    const one = await callLookup(guardedLookup(false), "8.8.8.8", false);
    assert.equal(one.err, null);
    assert.equal(one.address, "8.8.8.8");
    assert.equal(one.family, 4);
  });

  test("with allowPrivate, localhost resolves", async () => {
    const { err, address, family } = await callLookup(guardedLookup(true), "localhost", false);
    assert.equal(err, null);
    assert.match(String(address), /^(127\.0\.0\.1|::1)$/);
    assert.ok(family === 4 || family === 6);
  });

  test("keeps only the allowed addresses of a mixed answer", async () => {
    const resolver = scriptedResolver([
      [
        { address: "10.0.0.5", family: 4 },
        { address: "93.184.216.34", family: 4 },
        { address: "::1", family: 6 },
        { address: "2606:4700:4700::1111", family: 6 },
      ],
    ]);
    const lookup = guardedLookup(false, resolver);
    const many = await callLookup(lookup, "mixed.example", true);
    assert.equal(many.err, null);
    assert.deepEqual(many.address, [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:4700:4700::1111", family: 6 },
    ]);
    const one = await callLookup(lookup, "mixed.example", false);
    assert.equal(one.address, "93.184.216.34");
    assert.equal(one.family, 4);
  });

  test("names the first refused address when every address is refused", async () => {
    const lookup = guardedLookup(
      false,
      scriptedResolver([
        [
          { address: "169.254.169.254", family: 4 },
          { address: "10.0.0.1", family: 4 },
        ],
      ]),
    );
    const { err } = await callLookup(lookup, "metadata.example", true);
    assert.ok(err instanceof BlockedAddressError);
    assert.equal(err.address, "169.254.169.254");
    assert.match(err.reason, /metadata/);
    assert.match(err.message, /metadata\.example resolved to 169\.254\.169\.254/);
  });

  test("a rebinding name is checked on every connection, with the answer used", async () => {
    // Each connection runs exactly one lookup, and the socket connects to what it returns: the
    // public first answer is used as is, the private second answer is refused, not connected to.
    const lookup = guardedLookup(
      false,
      scriptedResolver([
        [{ address: "93.184.216.34", family: 4 }],
        [{ address: "127.0.0.1", family: 4 }],
      ]),
    );
    const first = await callLookup(lookup, "rebind.example", false);
    assert.equal(first.err, null);
    assert.equal(first.address, "93.184.216.34");
    const second = await callLookup(lookup, "rebind.example", false);
    assert.ok(second.err instanceof BlockedAddressError);
    assert.equal(second.err.address, "127.0.0.1");
  });

  test("resolver errors and empty answers are passed on, not swallowed", async () => {
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example"), {
      code: "ENOTFOUND",
    });
    const failing = await callLookup(guardedLookup(false, scriptedResolver([notFound])), "x", true);
    assert.equal(failing.err, notFound);
    const empty = await callLookup(guardedLookup(false, scriptedResolver([[]])), "x", false);
    assert.equal(empty.err?.code, "ENOTFOUND");
  });
});
