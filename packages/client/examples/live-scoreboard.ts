/**
 * A live scoreboard in the terminal: the sport's matches in play from REST, then kept current
 * by the stream. A dropped connection resumes by itself; if the server could not replay what
 * was missed (`gap`), the board is reloaded over REST.
 *
 *   SCORELINE_API_KEY=sl_live_… SCORELINE_BASE_URL=http://127.0.0.1:8080 \
 *   SCORELINE_STREAM_URL=ws://127.0.0.1:8081/v1 npx tsx examples/live-scoreboard.ts football
 *
 * `--events N` exits after N events (for scripts); Ctrl-C exits otherwise.
 */
import { type LiveMatch, Scoreline, type SportSlug } from "@scoreline/client";

const args = process.argv.slice(2);
const sport = (args.find((a) => !a.startsWith("--")) ?? "football") as SportSlug;
const eventsFlag = args.indexOf("--events");
const maxEvents = eventsFlag >= 0 ? Number(args[eventsFlag + 1]) : Number.POSITIVE_INFINITY;

const client = new Scoreline({ streamUrl: process.env.SCORELINE_STREAM_URL });

interface Line {
  match: string;
  score: string;
  clock: string;
}
const board = new Map<string, Line>();

function lineOf(match: LiveMatch): Line {
  const clock = `${match.period ?? ""} ${match.minute ?? ""}'`;
  return { match: match.match, score: match.score ?? "-", clock };
}

async function reload(): Promise<void> {
  const { data } = await client.sport(sport).live.list();
  board.clear();
  for (const match of data) board.set(match.fixture_id, lineOf(match));
}

function draw(note: string): void {
  const rows = [...board.values()].map(
    (l) => `${l.match.padEnd(48)} ${l.score.padStart(9)}  ${l.clock}`,
  );
  if (process.stdout.isTTY) process.stdout.write("\x1b[2J\x1b[H");
  process.stdout.write(`${sport} — ${board.size} live\n${rows.join("\n")}\n${note}\n`);
}

await reload();
draw("waiting for events…");

const stream = client.stream.connect({ channels: [`${sport}.live`] });
stream.on("reconnecting", ({ attempt, delayMs }) =>
  draw(`reconnecting (attempt ${attempt}, ${delayMs} ms)…`),
);
stream.on("gap", () => {
  void reload().then(() => draw("reloaded after a gap"));
});
process.once("SIGINT", () => void stream.close());

let seen = 0;
for await (const { data } of stream) {
  const line = board.get(data.fixture_id);
  if (data.event === "match.started" || line === undefined) {
    await reload();
  } else if (data.event === "match.finished") {
    board.delete(data.fixture_id);
  } else if ("score_text" in data && typeof data.score_text === "string") {
    const minute = "minute" in data && data.minute != null ? `${data.minute}'` : "";
    board.set(data.fixture_id, { ...line, score: data.score_text, clock: minute || line.clock });
  }
  draw(`${data.event} ${data.fixture_id}`);
  if (++seen >= maxEvents) break;
}
await stream.close();
