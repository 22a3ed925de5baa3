/**
 * SCORELINE_METRICS_PORT through the real program, once per dialect: `scoreline serve --roles
 * worker` (no HTTP host) serves `/metrics` for the whole process on a port of its own, bound to
 * 127.0.0.1 unless told; a webhook the worker process delivers moves its attempt counter by one;
 * other paths and methods answer the error envelope; SIGTERM closes it with the rest. A bad
 * value is refused at start-up by name.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { runCli, ServeProcess } from "../helpers/cli.js";
import { realClock } from "../helpers/clock.js";
import { goalMsg } from "../helpers/feed-messages.js";
import { DIALECTS, freshUrl, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { ALLOW_PRIVATE, feedAll, liveFixture, settledLog, subscribe } from "../webhooks/helpers.js";
import { documentedMetrics, parseMetrics, type Scrape } from "./scrape.js";

async function scrapeUrl(url: string): Promise<Scrape> {
  const response = await fetch(url);
  assert.equal(response.status, 200);
  assert.match(String(response.headers.get("content-type")), /^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

for (const dialect of DIALECTS) {
  describe(`the worker's metrics port on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let receiver: Receiver;
    let worker: ServeProcess | undefined;
    before(async () => {
      t = await createLiveApp(dialect, { clock: realClock, env: ALLOW_PRIVATE });
      receiver = await startReceiver();
      await liveFixture(t);
    });
    after(async () => {
      await worker?.kill("SIGKILL");
      await receiver?.stop();
      await t?.dispose();
    });

    test("serves the process's metrics; a delivery it makes is counted", async () => {
      worker = ServeProcess.start(
        {
          DATABASE_URL: t.url,
          SCORELINE_METRICS_PORT: "0",
          SCORELINE_SIMULATOR: "off",
          ...ALLOW_PRIVATE,
        },
        ["serve", "--roles", "worker"],
      );
      const line = await worker.waitForLog(/^metrics listening on /);
      const url = String(line.url);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);

      const before = await scrapeUrl(url);
      for (const { name } of documentedMetrics()) {
        assert.ok(before.families.has(name), `${name} is served by the worker process too`);
      }
      assert.equal(before.value("scoreline_webhook_outbox_pending", { host: "live" }), 0);

      const sub = await subscribe(t, { url: receiver.url("/hook"), events: ["match.goal"] });
      await feedAll(t, [goalMsg("football", "fx-1")]);
      const [delivery] = await settledLog(t, sub.id, 1);
      assert.equal(delivery?.state, "succeeded");
      const attempts = (s: Scrape) =>
        s.value("scoreline_webhook_attempts_total", { host: "live", outcome: "succeeded" });
      let after = before;
      await waitFor(async () => {
        after = await scrapeUrl(url);
        return attempts(after) > attempts(before);
      });
      assert.equal(attempts(after) - attempts(before), 1, "delivered once, by this process");

      const other = await fetch(url.replace(/\/metrics$/, "/v1/football/fixtures"));
      assert.equal(other.status, 404);
      assert.equal(((await other.json()) as { error: { code: string } }).error.code, "not_found");
      const post = await fetch(url, { method: "POST" });
      assert.equal(post.status, 405);
      assert.equal(post.headers.get("allow"), "GET, HEAD");

      const exit = await worker.kill("SIGTERM");
      assert.equal(exit, 0, worker.output.slice(-2000));
      await assert.rejects(fetch(url), "the listener closed with the process");
    });
  });
}

describe("several roles in one process", () => {
  test("one registry: the api port and the metrics port serve the same families, once each", async () => {
    const { url: databaseUrl, cleanup } = freshUrl("sqlite");
    const serve = ServeProcess.start(
      {
        DATABASE_URL: databaseUrl,
        SCORELINE_API_PORT: "0",
        SCORELINE_STREAM_PORT: "0",
        SCORELINE_METRICS_PORT: "0",
      },
      ["serve", "--roles", "api,stream,worker"],
    );
    try {
      const api = await serve.apiUrl();
      const metrics = String((await serve.waitForLog(/^metrics listening on /)).url);
      await serve.waitForLog(/^scoreline is serving/);
      const fromApi = await scrapeUrl(`${api.replace("0.0.0.0", "127.0.0.1")}/metrics`);
      const fromPort = await scrapeUrl(metrics);
      assert.deepEqual([...fromApi.families.keys()].sort(), [...fromPort.families.keys()].sort());
      assert.equal(fromPort.value("scoreline_stream_connections", { host: "live" }), 0);
      assert.ok(fromPort.has("scoreline_webhook_outbox_pending", { host: "live" }));
      assert.equal(await serve.kill("SIGTERM"), 0, serve.output.slice(-2000));
    } finally {
      await serve.kill("SIGKILL");
      await cleanup();
    }
  });
});

describe("SCORELINE_METRICS_PORT at start-up", () => {
  test("a bad value, or the api's port, is refused by name", async () => {
    const bad = await runCli(["serve"], { env: { SCORELINE_METRICS_PORT: "prometheus" } });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /SCORELINE_METRICS_PORT \(--metrics-port\) must be an integer/);
    const clash = await runCli(["serve", "--metrics-port", "8080"]);
    assert.equal(clash.status, 2);
    assert.match(clash.stderr, /SCORELINE_METRICS_PORT must differ from SCORELINE_API_PORT/);
  });
});
