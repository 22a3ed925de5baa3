/**
 * The dashboard's hardening through HTTP: CSRF tokens are bound to the session (a token from
 * session A fails for session B, even with A's CSRF cookie tossed into B's browser; a session's
 * tokens die with it), a post a browser marks as from another site is refused, and behind a
 * trusted proxy that says https — or over TLS itself — cookies are Secure and answers carry
 * HSTS, never otherwise.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Agent, request } from "undici";
import { listKeys } from "../../src/accounts/accounts-service.js";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { systemClock } from "../../src/lib/time.js";
import { createLogger } from "../../src/logger.js";
import { DashboardClient } from "../helpers/dashboard-client.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";
import { accountsContext, accountWithPassword, PASSWORD } from "./dashboard-accounts.js";

const tokenOf = (body: string) => /name="_csrf" value="([^"]+)"/.exec(body)?.[1] ?? "";
const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

describe("dashboard hardening", () => {
  let t: TestStore;
  let trusted: App;
  let direct: App;
  let n = 0;

  before(async () => {
    t = await createTestStore("sqlite");
    const logger = createLogger("silent");
    trusted = await buildApiHost({
      config: loadConfig({ SCORELINE_TRUST_PROXY: "true", ...FAST_PASSWORDS }),
      store: t.store,
      logger,
    });
    direct = await buildApiHost({
      config: loadConfig({ ...FAST_PASSWORDS }),
      store: t.store,
      logger,
    });
  });
  after(async () => {
    await trusted?.close();
    await direct?.close();
    await t?.dispose();
  });

  /** A signed-in browser of a new account, its account id and email. */
  async function signedIn(app = trusted) {
    const email = `hardened${++n}@example.com`;
    const id = await accountWithPassword(t.store, systemClock, email);
    const browser = new DashboardClient(app, `10.7.0.${n}`);
    const answer = await browser.submit("/dashboard/sign-in", "/dashboard/sign-in", {
      email,
      password: PASSWORD,
    });
    assert.equal(answer.status, 303);
    return { browser, id, email };
  }

  const keyCount = async (accountId: string) =>
    (await listKeys(accountsContext(t.store, systemClock), accountId)).length;

  /** Posts a key form with exactly these cookies, token and headers. */
  const postKey = (cookies: Map<string, string>, token: string, headers = {}) =>
    trusted.inject({
      method: "POST",
      url: "/dashboard/keys",
      headers: {
        cookie: cookieHeader(cookies),
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
      payload: new URLSearchParams({ _csrf: token, name: "forged" }).toString(),
    });

  test("a token from session A fails for session B, even with A's CSRF cookie tossed in", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const tokenA = tokenOf((await a.browser.get("/dashboard/keys")).body);
    const tokenB = tokenOf((await b.browser.get("/dashboard/keys")).body);
    const before = await keyCount(b.id);

    const foreign = await postKey(b.browser.cookies, tokenA);
    assert.equal(foreign.statusCode, 403, "A's token in B's browser");
    assert.match(foreign.body, /did not come from this dashboard/);
    // Cookie tossing: a sibling subdomain sets B's CSRF cookie to A's, whose token it knows.
    const tossed = new Map(b.browser.cookies);
    tossed.set("scoreline_csrf", a.browser.cookies.get("scoreline_csrf") ?? "");
    assert.equal((await postKey(tossed, tokenA)).statusCode, 403, "A's cookie and token");
    assert.equal(await keyCount(b.id), before, "nothing made");

    assert.equal((await postKey(b.browser.cookies, tokenB)).statusCode, 303, "B's own token");
    assert.equal(await keyCount(b.id), before + 1);
  });

  test("a session's tokens die with it, and a signed-out page's token signs nothing in", async () => {
    const { browser, id, email } = await signedIn();
    const old = tokenOf((await browser.get("/dashboard/keys")).body);
    const outsider = new DashboardClient(trusted, "10.7.9.9");
    const signedOutToken = tokenOf((await outsider.get("/dashboard/sign-in")).body);
    assert.ok(old && signedOutToken);
    const before = await keyCount(id);
    const withSignedOutToken = new Map(browser.cookies);
    withSignedOutToken.set("scoreline_csrf", outsider.cookies.get("scoreline_csrf") ?? "");
    assert.equal((await postKey(withSignedOutToken, signedOutToken)).statusCode, 403);

    await browser.submit("/dashboard/keys", "/dashboard/sign-out", {});
    await browser.submit("/dashboard/sign-in", "/dashboard/sign-in", { email, password: PASSWORD });
    assert.equal((await postKey(browser.cookies, old)).statusCode, 403, "the old session's token");
    assert.equal(await keyCount(id), before);
  });

  test("a post the browser marks as from another site is refused, even with a good token", async () => {
    const { browser, id } = await signedIn();
    const token = tokenOf((await browser.get("/dashboard/keys")).body);
    const before = await keyCount(id);
    for (const site of ["same-site", "cross-site"]) {
      const answer = await postKey(browser.cookies, token, { "sec-fetch-site": site });
      assert.equal(answer.statusCode, 403, site);
    }
    assert.equal(await keyCount(id), before);
    const same = await postKey(browser.cookies, token, { "sec-fetch-site": "same-origin" });
    assert.equal(same.statusCode, 303);
  });

  test("behind a trusted proxy saying https: Secure cookies and HSTS; plain http: neither", async () => {
    const email = `proxied${++n}@example.com`;
    await accountWithPassword(t.store, systemClock, email);
    const signIn = async (app: App, headers: Record<string, string>) => {
      const page = await app.inject({ url: "/dashboard/sign-in", headers });
      const csrfCookie = String(page.headers["set-cookie"]).split(";")[0] ?? "";
      const answer = await app.inject({
        method: "POST",
        url: "/dashboard/sign-in",
        headers: {
          ...headers,
          cookie: csrfCookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams({
          _csrf: tokenOf(page.body),
          email,
          password: PASSWORD,
        }).toString(),
      });
      assert.equal(answer.statusCode, 303, answer.body.slice(0, 300));
      return { page, answer };
    };
    const https = { "x-forwarded-proto": "https", "x-forwarded-for": "10.7.1.1" };
    const secured = await signIn(trusted, https);
    assert.match(String(secured.page.headers["set-cookie"]), /scoreline_csrf=.*; Secure/);
    assert.match(String(secured.answer.headers["set-cookie"]), /scoreline_session=.*; Secure/);
    for (const answer of [secured.page, secured.answer]) {
      assert.equal(answer.headers["strict-transport-security"], "max-age=31536000");
    }

    for (const [what, app, headers] of [
      ["trusted proxy, plain http", trusted, { "x-forwarded-for": "10.7.1.2" }],
      ["trusted proxy saying http", trusted, { "x-forwarded-proto": "http" }],
      ["no trusted proxy: the header is anyone's", direct, { "x-forwarded-proto": "https" }],
    ] as const) {
      const { page, answer } = await signIn(app, headers);
      assert.doesNotMatch(String(page.headers["set-cookie"]), /Secure/, what);
      assert.doesNotMatch(String(answer.headers["set-cookie"]), /Secure/, what);
      assert.equal(page.headers["strict-transport-security"], undefined, what);
      assert.equal(answer.headers["strict-transport-security"], undefined, what);
    }
  });

  test("served over TLS itself: Secure cookies and HSTS", async () => {
    const cert = fileURLToPath(new URL("tls/test-cert.pem", import.meta.url));
    const key = fileURLToPath(new URL("tls/test-key.pem", import.meta.url));
    const tls = await buildApiHost({
      config: loadConfig({ SCORELINE_TLS_CERT: cert, SCORELINE_TLS_KEY: key }),
      store: t.store,
      logger: createLogger("silent"),
    });
    const agent = new Agent({ connect: { rejectUnauthorized: false } });
    try {
      const address = await tls.listen({ host: "127.0.0.1", port: 0 });
      assert.match(address, /^https:/);
      const answer = await request(`${address}/dashboard/sign-in`, { dispatcher: agent });
      await answer.body.text();
      assert.equal(answer.statusCode, 200);
      assert.equal(answer.headers["strict-transport-security"], "max-age=31536000");
      assert.match(String(answer.headers["set-cookie"]), /scoreline_csrf=.*; Secure/);
    } finally {
      await agent.close();
      await tls.close();
    }
  });
});
