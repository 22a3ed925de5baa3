/**
 * Progress of long work on a terminal (imports, exports, backups): one line on stderr, redrawn
 * in place, cleared at the end. Nothing is drawn when stderr is not a terminal, so pipes and
 * logs stay clean and `--json` output is unchanged.
 */
import { terminal } from "./terminal.js";

const WIDTH = 24;

export interface Progress {
  /** A bar `done` of `total` (total unknown: 0) and a text after it. */
  update(done: number, total: number, text: string): void;
  done(): void;
}

/** A progress line on the terminal's stderr, or undefined when stderr is not a terminal. */
export function terminalProgress(): Progress | undefined {
  const { stderr } = terminal();
  if (stderr.isTTY !== true) return undefined;
  return {
    update(done, total, text) {
      const bar =
        total > 0
          ? (() => {
              const filled = Math.min(WIDTH, Math.round((done / total) * WIDTH));
              return `${"█".repeat(filled)}${"░".repeat(WIDTH - filled)} `;
            })()
          : "";
      const line = `${bar}${text}`;
      stderr.write(`\r\x1b[K${line.slice(0, Math.max(20, (stderr.columns ?? 80) - 1))}`);
    },
    done() {
      stderr.write("\r\x1b[K");
    },
  };
}
