/**
 * The SSRF guard at delivery time, with SCORELINE_WEBHOOK_ALLOW_PRIVATE off: subscriptions to
 * every refused address family (https, as the switch requires) are accepted, and each delivery —
 * from the worker and from POST /test — is refused before any connection, logged with status 0
 * and a `blocked:` reason. A receiver listening on the loopback addresses sees no connection.
 */
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
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

describe("webhook targets on private addresses, with the switch off", () => {
  let t: LiveTestApp;
  let receiver: Receiver;
  let worker: RunningWorker;
  /** Connections to [::1] on the receiver's port (when this host has IPv6 loopback). */
  let ipv6 = 0;
  let ipv6Server: net.Server | undefined;

  before(async () => {
    t = await createLiveApp("sqlite", { clock: realClock });
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
    await t?.dispose();
  });

  test("plain http is refused when the switch is off; https to a private address is accepted", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/webhooks",
      payload: { url: receiver.url(), events: ["match.goal"] },
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().errors[0].field, "url");
    assert.match(response.json().errors[0].message, /https/);
  });

  test("every refused address family is refused at delivery time, with the reason logged", async () => {
    const port = receiver.port;
    const targets: Array<[string, RegExp]> = [
      [`https://127.0.0.1:${port}/hook`, /loopback/],
      [`https://[::1]:${port}/hook`, /loopback/],
      ["https://10.1.2.3/hook", /private/],
      ["https://169.254.169.254/latest/meta-data/", /link-local/],
      ["https://100.64.0.1/hook", /carrier-grade NAT/],
      [`https://0.0.0.0:${port}/hook`, /unspecified/],
      [`https://[::ffff:127.0.0.1]:${port}/hook`, /loopback/],
      ["https://[fc00::1]/hook", /unique-local/],
      [`https://localhost:${port}/hook`, /loopback.*\(resolved from localhost\)/],
    ];
    const subs: Array<{ id: string; url: string; reason: RegExp }> = [];
    for (const [url, reason] of targets) {
      const sub = await subscribe(t, { url, events: ["match.goal"] });
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
    const sub = await subscribe(t, {
      url: `https://localhost:${receiver.port}/hook`,
      events: ["match.goal"],
    });
    const response = await t.app.inject({ method: "POST", url: `/v1/webhooks/${sub.id}/test` });
    assert.equal(response.statusCode, 200, response.body);
    const delivery = response.json().data as DeliveryBody;
    assert.equal(delivery.attempts[0]?.status, 0);
    assert.match(delivery.attempts[0]?.error ?? "", /^blocked: .*loopback/);
    assert.equal(receiver.connections, 0);
  });
});
