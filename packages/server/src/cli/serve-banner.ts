/**
 * What `scoreline serve` prints once every role listens (stdout, never the log): where each host
 * answers, the demo key when this start made it (shown this once), ready-to-paste `curl` and
 * client lines, the dashboard's one-time sign-in link and the API reference. Bold headings on a
 * terminal; the same plain text in a pipe, so scripts can read the key.
 */

export interface BannerFacts {
  apiUrl?: string;
  streamUrl?: string;
  sandboxUrl?: string;
  /** The demo key, when this start created it. */
  demoKey?: string;
  /** Demo mode: a one-time sign-in link to the demo account's dashboard. */
  signInLink?: string;
  demo: boolean;
  /** `/readyz` says "loading" while the world loads behind the listeners. */
  loading: boolean;
}

/** A host's URL as a person pastes it: a wildcard bind shown as the loopback address. */
export function reachable(url: string): string {
  return url.replace("://0.0.0.0:", "://127.0.0.1:").replace("://[::]:", "://[::1]:");
}

export function bannerText(facts: BannerFacts, color: boolean): string {
  const bold = (text: string) => (color ? `\x1b[1m${text}\x1b[22m` : text);
  const dim = (text: string) => (color ? `\x1b[2m${text}\x1b[22m` : text);
  const lines = ["", `  ${bold(`Scoreline is serving${facts.demo ? " the demo" : ""}`)}`];
  const api = facts.apiUrl === undefined ? undefined : reachable(facts.apiUrl);
  if (api !== undefined) lines.push(`    API        ${api}/v1    reference: ${api}/docs`);
  if (facts.streamUrl !== undefined) lines.push(`    Stream     ${reachable(facts.streamUrl)}/v1`);
  if (facts.sandboxUrl !== undefined)
    lines.push(`    Sandbox    ${reachable(facts.sandboxUrl)}/v1    (no key needed)`);
  if (facts.loading)
    lines.push(
      dim("    The sample world loads behind it, football first: GET /readyz says what is left."),
    );
  if (facts.demoKey !== undefined && api !== undefined) {
    const key = facts.demoKey;
    lines.push(
      "",
      `  ${bold("Demo API key (Growth plan) — shown once, keep it:")}`,
      `    ${key}`,
      "",
      `  ${bold("Try it:")}`,
      `    curl -H "Authorization: Bearer ${key}" "${api}/v1/football/fixtures?per_page=5"`,
      `    SCORELINE_API_KEY=${key}  ${dim(`# then new Scoreline({ baseUrl: "${api}" }) in @scoreline/client`)}`,
    );
  } else if (facts.demo) {
    lines.push(
      "",
      dim(
        "  The demo key was shown at the first start. Another: npm run scoreline -- keys create --plan growth --account demo@scoreline.example",
      ),
    );
  }
  if (facts.signInLink !== undefined) {
    lines.push(
      "",
      `  ${bold("Dashboard for the demo account — a one-time sign-in link (24 hours):")}`,
      `    ${facts.signInLink}`,
    );
  }
  lines.push("", "");
  return lines.join("\n");
}
