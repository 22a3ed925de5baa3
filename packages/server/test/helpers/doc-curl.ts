/**
 * The `curl` examples of a Markdown document, read the way a shell would: every fenced `sh`,
 * `bash`, `shell` or `console` block, lines joined at a trailing backslash, words split with
 * shell quoting, `$NAME` expanded from the variables given, and a `#` comment dropped. Each
 * command becomes a request (method, URL, headers, body); a flag this reader does not know is an
 * error, so an example using one fails its test instead of being skipped. The status an example
 * expects is the `# HTTP/1.1 304 …` comment line right under it, when there is one.
 */

export interface CurlExample {
  /** `README.md:29`: where the command starts. */
  where: string;
  /** The command as written (continuation lines joined). */
  text: string;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** The status a `# HTTP/1.1 NNN` comment under the command gives, else undefined (any 2xx). */
  expectedStatus: number | undefined;
}

const FENCE = /^```(sh|bash|shell|console)\s*$/;

export interface CurlCommand {
  where: string;
  text: string;
  expectedStatus: number | undefined;
  /** The commands before it in its block, as written. */
  before: string[];
}

interface ShellCommand {
  where: string;
  text: string;
  /** The block it is in (its fence's line index). */
  block: number;
  /** The index of its last line. */
  line: number;
}

/** Every command line (comments and blank lines aside) of the document's shell blocks. */
function shellCommands(markdown: string, file: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  const lines = markdown.split("\n");
  let block = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (block < 0) {
      if (FENCE.test(line.trim())) block = i;
      continue;
    }
    if (line.trim().startsWith("```")) {
      block = -1;
      continue;
    }
    if (/^\s*(#|$)/.test(line)) continue;
    const start = i;
    let text = line.replace(/^\s*\$\s+/, "");
    for (;;) {
      if (text.endsWith("\\") && i + 1 < lines.length) {
        i++;
        text = `${text.slice(0, -1)} ${(lines[i] ?? "").trim()}`;
      } else if (openQuote(text) && i + 1 < lines.length) {
        // A quoted word goes on over the line break, as in sh.
        i++;
        text = `${text}\n${lines[i] ?? ""}`;
      } else {
        break;
      }
    }
    commands.push({ where: `${file}:${start + 1}`, text: text.trim(), block, line: i });
  }
  return commands;
}

/** Whether `text` ends inside a quoted word. */
function openQuote(text: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === null && c === "#" && (i === 0 || /\s/.test(text[i - 1] ?? ""))) return false;
    if (quote === null && (c === "'" || c === '"')) quote = c;
    else if (c === quote) quote = null;
    else if (c === "\\" && quote !== "'") i++;
  }
  return quote !== null;
}

/**
 * Every `curl` command in the document's shell blocks, in order, with the status the comment
 * under it shows, and the commands before it in the same block (`scoreline import …` lines).
 */
export function curlCommands(markdown: string, file: string): CurlCommand[] {
  const lines = markdown.split("\n");
  const result: CurlCommand[] = [];
  const all = shellCommands(markdown, file);
  for (const [index, command] of all.entries()) {
    const text = command.text;
    if (!/^\s*curl\s/.test(text)) continue;
    const i = command.line;
    let expectedStatus: number | undefined;
    for (let j = i + 1; j < lines.length && /^\s*#/.test(lines[j] ?? ""); j++) {
      const status = /^\s*#\s*HTTP\/[\d.]+ (\d{3})\b/.exec(lines[j] ?? "");
      if (status) {
        expectedStatus = Number(status[1]);
        break;
      }
    }
    const before = all
      .slice(0, index)
      .filter((c) => c.block === command.block)
      .map((c) => c.text);
    result.push({ where: command.where, text, expectedStatus, before });
  }
  return result;
}

/** Splits a command line into words as sh does (quotes, `$NAME`, `#` comments). */
export function shellWords(text: string, vars: Readonly<Record<string, string>>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const expand = (at: number): [string, number] => {
    const name = /^\$(?:\{(\w+)\}|(\w+))/.exec(text.slice(at));
    if (!name) return ["$", at + 1];
    const key = name[1] ?? name[2] ?? "";
    const value = vars[key];
    if (value === undefined) throw new Error(`$${key} is not set for this example`);
    return [value, at + name[0].length];
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "#" && word === null) {
      break;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${text}`);
      word = (word ?? "") + text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      word ??= "";
      i++;
      while (text[i] !== '"') {
        if (i >= text.length) throw new Error(`unclosed " in: ${text}`);
        if (text[i] === "\\" && /["\\$`]/.test(text[i + 1] ?? "")) {
          word += text[i + 1];
          i += 2;
        } else if (text[i] === "$") {
          const [value, next] = expand(i);
          word += value;
          i = next;
        } else {
          word += text[i];
          i++;
        }
      }
      i++;
    } else if (c === "$") {
      const [value, next] = expand(i);
      word = (word ?? "") + value;
      i = next;
    } else if (c === "\\") {
      word = (word ?? "") + (text[i + 1] ?? "");
      i += 2;
    } else {
      word = (word ?? "") + c;
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** Flags that change nothing about the request (output, progress, redirects of the output). */
const QUIET_FLAGS = new Set(["-s", "--silent", "-S", "--show-error", "-i", "--include", "-f"]);
const IGNORED_WITH_VALUE = new Set(["-D", "--dump-header", "-o", "--output"]);

/** The request a `curl` command line sends. */
export function curlRequest(
  command: CurlCommand,
  vars: Readonly<Record<string, string>>,
): CurlExample {
  const words = shellWords(command.text, vars);
  if (words[0] !== "curl") throw new Error(`${command.where}: not a curl command`);
  let method: string | undefined;
  let url: URL | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  const value = (i: number) => {
    const next = words[i + 1];
    if (next === undefined) throw new Error(`${command.where}: ${words[i]} needs a value`);
    return next;
  };
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    if (QUIET_FLAGS.has(word)) continue;
    if (IGNORED_WITH_VALUE.has(word)) {
      i++;
    } else if (word === "-X" || word === "--request") {
      method = value(i++);
    } else if (word === "-H" || word === "--header") {
      const header = value(i++);
      const colon = header.indexOf(":");
      if (colon < 1) throw new Error(`${command.where}: bad header ${header}`);
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (word === "-d" || word === "--data" || word === "--data-raw") {
      body = value(i++);
      headers["content-type"] ??= "application/x-www-form-urlencoded";
    } else if (word === "--compressed") {
      headers["accept-encoding"] ??= "br, gzip, deflate";
    } else if (word.startsWith("-")) {
      throw new Error(`${command.where}: curl flag ${word} is not understood by this test`);
    } else if (url === undefined) {
      url = new URL(word);
    } else {
      throw new Error(`${command.where}: a second URL ${word}`);
    }
  }
  if (url === undefined) throw new Error(`${command.where}: no URL`);
  return {
    ...command,
    method: method ?? (body === undefined ? "GET" : "POST"),
    url,
    headers,
    body,
  };
}
