/** What every command prints: plain lines, `--json` documents, aligned tables. */
import { terminal } from "./terminal.js";

export function print(text: string): void {
  terminal().stdout.write(`${text}\n`);
}

export function printJson(value: unknown): void {
  terminal().stdout.write(`${JSON.stringify(value)}\n`);
}

/** Left-aligned columns separated by two spaces. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  print([line(headers), ...rows.map(line)].join("\n"));
}
