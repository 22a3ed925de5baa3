/**
 * Debian's Chromium driven by `playwright-core` (no browser download): headless, no sandbox,
 * background networking off. Each step of a journey writes a screenshot when it fails; an
 * axe-core check reports serious and critical accessibility violations of the page.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { requirement } from "./requirements.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Where failure screenshots go (ignored by git), named from the repository's root so that a
 * compiled run (`.test-build/`) writes them to the same place.
 */
const SCREENSHOTS = fileURLToPath(
  new URL("../../../../packages/server/test-results/", import.meta.url),
);

/**
 * Why browser tests cannot run here, or undefined when they can. Where a browser is required
 * (`SCORELINE_REQUIRE_BROWSER`, set by `.ci/run`), a missing one is a failure, not a skip.
 */
export function browserUnavailable(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const reason = `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.SCORELINE_REQUIRE_BROWSER) throw new Error(reason);
  return requirement(reason);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
}

/** Runs one step; on failure saves the page as `<journey>/<nn>-<step>.png` and rethrows. */
export function stepper(page: Page, journey: string) {
  let n = 0;
  return async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    n += 1;
    try {
      return await run();
    } catch (error) {
      const dir = path.join(SCREENSHOTS, journey);
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${String(n).padStart(2, "0")}-${name.replace(/\W+/g, "-")}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      if (error instanceof Error) error.message += `\n(screenshot: ${file}; page ${page.url()})`;
      throw error;
    }
  };
}

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

// Run in the page: the test program has no DOM types, so these are expressions, not functions.
const AXE_RUN = `axe.run(document, { resultTypes: ["violations"] }).then((result) =>
  result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      targets: v.nodes.map((node) => node.target.join(" ")) })))`;

/**
 * axe-core's serious and critical violations on the page as it is now. axe is evaluated over
 * the DevTools protocol, so the page's Content-Security-Policy stays as strict as it is.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate<boolean>(`"axe" in window`))) await page.evaluate(AXE_SOURCE);
  return page.evaluate<AxeViolation[]>(AXE_RUN);
}

/** How far the page scrolls sideways (0 when it fits its viewport). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
}

/** The id of the element that has the keyboard focus. */
export function focusedId(page: Page): Promise<string> {
  return page.evaluate<string>(`document.activeElement?.id ?? ""`);
}

/** The text on the clipboard (the context needs the clipboard permissions). */
export function clipboardText(page: Page): Promise<string> {
  return page.evaluate<string>("navigator.clipboard.readText()");
}
