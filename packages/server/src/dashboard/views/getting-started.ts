/**
 * The getting-started panel of an account that has made no call yet: a curl command and an
 * @scoreline/client snippet, ready to paste. The full key is never stored, so a snippet holds
 * it only when it was just shown (a flash); otherwise `<your key>`, with the key's prefix named.
 */
import { type Html, html } from "../html.js";

/** Where a personal sandbox key is used: the sandbox host `@scoreline/client` knows. */
const SANDBOX_URL = "https://sandbox.scoreline.dev";

export interface StarterKey {
  kind: string;
  prefix: string;
  /** The key's text, when it was just created and is on the page anyway. */
  text?: string | undefined;
}

function snippet(id: string, label: string, code: string): Html {
  return html`<h3>${label}</h3>
<pre class="snippet"><code id="${id}">${code}</code></pre>
<p><button type="button" class="secondary" data-copy="${id}" hidden>Copy</button></p>`;
}

function snippets(key: StarterKey, origin: string): Html {
  const text = key.text ?? "<your key>";
  const sandbox = key.kind === "test";
  const base = sandbox ? SANDBOX_URL : origin;
  const options = sandbox ? "sandbox: true" : `baseUrl: "${origin}"`;
  const curl = `curl -H "Authorization: Bearer ${text}" ${base}/v1/football/fixtures`;
  const client = `// npm install @scoreline/client
import { Scoreline } from "@scoreline/client";

const client = new Scoreline({ apiKey: "${text}", ${options} });
const { data } = await client.football.fixtures.list();
console.log(data);`;
  return html`${
    key.text === undefined
      ? html`<p>Replace <code>&lt;your key&gt;</code> with your key that starts <code>${key.prefix}</code>: it was shown once, when you created it. Lost it? Rotate it below.</p>`
      : html`<p>These use the key shown above: copy them now, it is not shown again.</p>`
  }
${snippet("start-curl", "With curl", curl)}
${snippet("start-client", "With @scoreline/client (TypeScript)", client)}
${sandbox ? html`<p class="muted">A personal sandbox key calls the sandbox host, on sample data. Create a live key below to call the API.</p>` : ""}`;
}

/** The panel; `key` is the one to start with, or undefined when the account has none. */
export function gettingStarted(key: StarterKey | undefined, origin: string): Html {
  return html`<section class="card" aria-labelledby="getting-started">
<h2 id="getting-started">Getting started</h2>
<p>No calls yet. Send your key as <code>Authorization: Bearer &lt;key&gt;</code>:</p>
${key === undefined ? html`<p>Create a key below; it is shown here, ready to paste.</p>` : snippets(key, origin)}
</section>`;
}
