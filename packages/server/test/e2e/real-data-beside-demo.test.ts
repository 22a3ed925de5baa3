/**
 * Real data imported beside the live demo, the README's path at the size of a test (ADR-0048):
 * four datasets — the three league tables a user checks first and a racing card — imported while
 * the demo serves, then play on until the sample world has finished 200 more matches (a count,
 * the same work on any machine). It guards the parts working together: imports exiting 0 beside
 * a live server, the official tables as published and unchanged, the server answering. The
 * boundary itself is guarded where a mutation shows it (`simulator/sample-world-boundary.test.ts`:
 * both of its layers removed, it fails at once); all seven datasets and 150 s of play are the
 * soak tier's (`test/soak/real-data-beside-demo.soak.ts`).
 */
import { ALL_IMPORTS, describeRealDataBesideDemo } from "./real-data-beside-demo.js";

const QUICK = new Set([
  "openfootball",
  "fivethirtyeight-nba",
  "fivethirtyeight-nfl",
  "harness-vic",
]);

describeRealDataBesideDemo({
  imports: ALL_IMPORTS.filter(([format]) => QUICK.has(format)),
  playOn: { matchesFinished: 200 },
});
