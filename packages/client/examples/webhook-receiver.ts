/**
 * A webhook receiver that verifies every delivery before trusting it.
 *
 *   SCORELINE_WEBHOOK_SECRET=whsec_… PORT=3000 npx tsx examples/webhook-receiver.ts
 *
 * The signature covers the exact bytes sent, so the body is read raw — never parsed and
 * re-serialised first (in Express: `express.raw({ type: "application/json" })`). Deliveries are
 * at-least-once: the receiver answers 2xx quickly and drops repeats by `event_id`.
 */
import { createServer } from "node:http";
import { type ScorelineEvent, verifyWebhook, WebhookVerificationError } from "@scoreline/client";

const secrets = (process.env.SCORELINE_WEBHOOK_SECRET ?? "").split(",").filter(Boolean);
if (secrets.length === 0) {
  console.error("Set SCORELINE_WEBHOOK_SECRET (during a rotation: old,new).");
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
const seen = new Set<string>();

function handle(event: ScorelineEvent): void {
  switch (event.event) {
    case "match.goal":
      console.log(
        `GOAL ${event.fixture_id} ${event.minute ?? "?"}' ${event.team ?? ""} ${event.score_text ?? ""}`,
      );
      break;
    case "match.finished":
      console.log(`FULL TIME ${event.fixture_id} ${event.final_score}`);
      break;
    default:
      console.log(`${event.event} ${event.fixture_id}`);
  }
}

const server = createServer((req, res) => {
  if (req.method !== "POST") {
    res.writeHead(405, { allow: "POST" }).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", async () => {
    try {
      const event = await verifyWebhook(Buffer.concat(chunks), req.headers, secrets);
      res.writeHead(204).end();
      if (seen.has(event.event_id)) return; // a retry of one already handled
      seen.add(event.event_id);
      handle(event);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.error(`rejected a delivery: ${error.message}`);
      res.writeHead(400).end();
    }
  });
});

server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.log(
    `listening on http://127.0.0.1:${typeof address === "object" ? address?.port : port}/`,
  );
});
