/**
 * Webhooks through the client against a real server: a subscription created, listed, changed,
 * tested — the test delivery received by a local receiver and verified with the client — its
 * delivery log and a manual retry, a secret rotation (both secrets verify), and deletion.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  NotFoundError,
  Scoreline,
  verifyWebhook,
  WebhookVerificationError,
} from "../../src/index.js";
import { DIALECTS } from "../helpers/dialects.js";
import { Receiver } from "../helpers/receiver.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

for (const dialect of DIALECTS) {
  describe(`webhooks through the client (${dialect.name})`, { skip: dialect.skip }, () => {
    let server: ScorelineServer;
    let receiver: Receiver;
    let client: Scoreline;

    before(async () => {
      [server, receiver] = await Promise.all([
        ScorelineServer.start({
          database: dialect.database,
          roles: "api,worker",
          // Its deliveries are the API's test deliveries: no demo world, nothing simulated.
          demo: false,
          env: { SCORELINE_SIMULATOR: "off" },
        }),
        Receiver.start(),
      ]);
      client = new Scoreline({
        apiKey: await server.createKey({ plan: "growth" }),
        baseUrl: server.apiUrl,
      });
    });
    after(async () => {
      await server?.dispose();
      await receiver?.close();
    });

    test("create, list, retrieve, update, test, deliveries, retry, rotate, delete", async () => {
      const created = await client.webhooks.create({
        url: receiver.url,
        events: ["match.goal", "match.finished"],
        sport: "football",
        description: "client integration",
      });
      assert.match(created.secret, /^whsec_/);
      assert.equal(created.url, receiver.url);

      const listed = await client.webhooks.list();
      assert.ok(listed.data.some((w) => w.id === created.id));
      assert.equal((await client.webhooks.retrieve(created.id)).description, "client integration");
      const updated = await client.webhooks.update(created.id, { odds_threshold: 0.1 });
      assert.equal(updated.odds_threshold, 0.1);

      const tested = await client.webhooks.test(created.id, { event: "match.goal" });
      assert.ok(tested, "the test answers with its delivery");
      assert.equal(receiver.deliveries.length, 1, "the receiver got the test event");
      const [delivery] = receiver.deliveries;
      assert.ok(delivery);
      const event = await client.webhooks.verify(delivery.body, delivery.headers, created.secret);
      assert.equal(event.event, "match.goal");
      assert.equal(event.sport, "football");
      assert.equal(event.test, true);
      await assert.rejects(
        verifyWebhook(
          JSON.stringify(JSON.parse(delivery.body.toString()), null, 2),
          delivery.headers,
          created.secret,
        ),
        WebhookVerificationError,
      );

      const log = await client.webhooks.deliveries.list(created.id);
      const logged = log.data[0];
      assert.ok(logged, "the delivery log lists the test");
      const retried = await client.webhooks.deliveries.retry(created.id, logged.id);
      assert.ok(retried);
      assert.equal(receiver.deliveries.length, 2, "the manual retry was delivered");

      const rotated = await client.webhooks.rotateSecret(created.id);
      assert.notEqual(rotated.secret, created.secret);
      await client.webhooks.test(created.id);
      const afterRotation = receiver.deliveries[2];
      assert.ok(afterRotation, "the test after the rotation was delivered");
      for (const secret of [rotated.secret, created.secret, [created.secret, rotated.secret]]) {
        const verified = await verifyWebhook(afterRotation.body, afterRotation.headers, secret);
        assert.equal(verified.test, true);
      }

      const deleted = await client.webhooks.delete(created.id);
      assert.equal(deleted.deleted, true);
      await assert.rejects(client.webhooks.retrieve(created.id), NotFoundError);
    });
  });
}
