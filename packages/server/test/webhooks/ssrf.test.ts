/**
 * The SSRF guard with SCORELINE_WEBHOOK_ALLOW_PRIVATE off. At registration (ADR-0053): a URL
 * whose host is an address of any refused family, or a `localhost` name, is refused with a 400
 * naming the rule, on create and on update, and nothing is stored. At delivery (ADR-0016): the
 * subscriptions registered while the switch was on (through a second api host on the same store)
 * are refused before any connection — from the worker and from POST /test — logged with status 0
 * and a `blocked:` reason. A receiver listening on the loopback addresses sees no connection.
 */
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { realClock } from "../helpers/clock.js";
import { goalMsg } from "../helpers/feed-messages.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import {
  type DeliveryBody,
  feedAll,
  liveFixture,
  type RunningWorker,
  settledLog,
  startWorker,
  subscribe,
} from "./helpers.js";

/** Every refused address family, and the reason the guard gives for it. */
const refusedTargets = (port: number): Array<[string, RegExp]> => [
  [`https://127.0.0.1:${port}/hook`, /loopback/],
  [`https://[::1]:${port}/hook`, /loopback/],
  ["https://10.1.2.3/hook", /private/],
  ["https://169.254.169.254/latest/meta-data/", /link-local/],
  ["https://100.64.0.1/hook", /carrier-grade NAT/],
  [`https://0.0.0.0:${port}/hook`, /unspecified/],
  [`https://[::ffff:127.0.0.1]:${port}/hook`, /loopback/],
  ["https://[fc00::1]/hook", /unique-local/],
  ["https://[fd00::1]/hook", /unique-local/],
  [`https://localhost:${port}/hook`, /loopback/],
];

describe("webhook targets on private addresses, with the switch off", () => {
  let t: LiveTestApp;
  /** An api host on the same store with the switch on: how the refused targets got registered. */
  let allowing: App;
  let receiver: Receiver;
  let worker: RunningWorker;
  /** Connections to [::1] on the receiver's port (when this host has IPv6 loopback). */
  let ipv6 = 0;
  let ipv6Server: net.Server | undefined;

  before(async () => {
    t = await createLiveApp("sqlite", { clock: realClock });
    allowing = await buildApiHost({
      config: loadConfig({ SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true" }),
      store: t.store,
      logger: createLogger("silent"),
      clock: realClock,
    });
    receiver = await startReceiver();
    ipv6Server = net.createServer((socket) => {
      ipv6++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => {
      ipv6Server?.once("error", () => {
        ipv6Server = undefined;
        resolve();
      });
      ipv6Server?.listen(receiver.port, "::1", () => resolve());
    });
    await liveFixture(t, "football", "fx-1");
  });
  after(async () => {
    await worker?.stop();
    await receiver?.stop();
    await new Promise((resolve) => (ipv6Server ? ipv6Server.close(resolve) : resolve(undefined)));
    await allowing?.close();
    await t?.dispose();
  });

  /** A subscription made while the switch was on, as the same account. */
  const registeredWhileAllowed = async (url: string) => {
    const response = await allowing.inject({
      method: "POST",
      url: "/v1/webhooks",
      headers: { authorization: `Bearer ${t.key}` },
      payload: { url, events: ["match.goal"] },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().data as { id: string };
  };
  const listed = async () =>
    (await t.app.inject("/v1/webhooks")).json().data as Array<{ id: string; url: string }>;

  test("plain http is refused when the switch is off", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/webhooks",
      payload: { url: receiver.url(), events: ["match.goal"] },
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().errors[0].field, "url");
    assert.match(response.json().errors[0].message, /https/);
  });

  test("every refused address family, and localhost, is refused at registration, naming the rule", async () => {
    const before = await listed();
    for (const [url, reason] of refusedTargets(receiver.port)) {
      const response = await t.app.inject({
        method: "POST",
        url: "/v1/webhooks",
        payload: { url, events: ["match.goal"] },
      });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      const [error] = response.json().errors;
      assert.equal(error.field, "url");
      assert.match(error.message, /^url must reach a public address: /, url);
      assert.match(error.message, reason, url);
      assert.match(error.message, /SCORELINE_WEBHOOK_ALLOW_PRIVATE/, url);
    }
    assert.deepEqual(await listed(), before, "nothing was stored");
  });

  test("an update to a refused address is refused, and the subscription keeps its URL", async () => {
    const sub = await subscribe(t, { url: "https://hooks.example.com/in", events: ["match.goal"] });
    for (const [url, reason] of refusedTargets(receiver.port)) {
      const response = await t.app.inject({
        method: "PATCH",
        url: `/v1/webhooks/${sub.id}`,
        payload: { url },
      });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assert.match(response.json().errors[0].message, reason, url);
    }
    const kept = (await listed()).find((w) => w.id === sub.id);
    assert.equal(kept?.url, "https://hooks.example.com/in");
    const deleted = await t.app.inject({ method: "DELETE", url: `/v1/webhooks/${sub.id}` });
    assert.equal(deleted.statusCode, 200, deleted.body);
  });

  test("public addresses and DNS names are accepted: a name is looked up only at delivery", async () => {
    for (const url of [
      "https://93.184.215.14/hook",
      "https://[2606:4700::1]/hook",
      "https://hooks.example.com/in",
      "https://localhost.example.com/in",
    ]) {
      const sub = await subscribe(t, { url, events: ["match.goal"] });
      const deleted = await t.app.inject({ method: "DELETE", url: `/v1/webhooks/${sub.id}` });
      assert.equal(deleted.statusCode, 200, deleted.body);
    }
  });

  test("what was registered with the switch on is refused at delivery, with the reason logged", async () => {
    const targets = refusedTargets(receiver.port).map(([url, reason]): [string, RegExp] =>
      url.includes("localhost") ? [url, /loopback.*\(resolved from localhost\)/] : [url, reason],
    );
    const subs: Array<{ id: string; url: string; reason: RegExp }> = [];
    for (const [url, reason] of targets) {
      const sub = await registeredWhileAllowed(url);
      subs.push({ id: sub.id, url, reason });
    }
    worker = startWorker(t.store, { bus: t.bus, allowPrivate: false, schedule: [0, 0.05] });
    await feedAll(t, [goalMsg("football", "fx-1")]);

    for (const sub of subs) {
      const [delivery] = await settledLog(t, sub.id, 1);
      assert.ok(delivery);
      assert.equal(delivery.state, "failed", sub.url);
      assert.equal(delivery.attempts.length, 2, `${sub.url}: both attempts made, both refused`);
      for (const a of delivery.attempts) {
        assert.equal(a.status, 0, sub.url);
        assert.match(a.error ?? "", /^blocked: /, `${sub.url}: ${a.error}`);
        assert.match(a.error ?? "", sub.reason, `${sub.url}: ${a.error}`);
        assert.equal(a.response_body, null);
      }
    }
    assert.equal(receiver.connections, 0, "nothing connected to the receiver on 127.0.0.1");
    assert.equal(receiver.requests.length, 0);
    assert.equal(ipv6, 0, "nothing connected to [::1]");
  });

  test("POST /test is refused the same way", async () => {
    const sub = await registeredWhileAllowed(`https://localhost:${receiver.port}/hook`);
    const response = await t.app.inject({ method: "POST", url: `/v1/webhooks/${sub.id}/test` });
    assert.equal(response.statusCode, 200, response.body);
    const delivery = response.json().data as DeliveryBody;
    assert.equal(delivery.attempts[0]?.status, 0);
    assert.match(delivery.attempts[0]?.error ?? "", /^blocked: .*loopback/);
    assert.equal(receiver.connections, 0);
  });
});
