/**
 * Parses the configuration once, at start-up, from the environment and CLI flags (flags win).
 * Every bad value is reported by name with what is allowed; nothing reads process.env later.
 */
import { readFileSync } from "node:fs";
import type { Config, TlsFiles } from "./config-shape.js";
import { OPTIONS } from "./options.js";
import { InvalidValue } from "./parsers.js";
import { DEFAULT_PLANS, loadPlans } from "./plans.js";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Flag values keyed by long flag name (`api-port`), as a CLI parser hands them over. */
export type FlagValues = Record<string, string | boolean | undefined>;

export function loadConfig(env: NodeJS.ProcessEnv, flags: FlagValues = {}): Config {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const spec of OPTIONS) {
    const flagValue = flags[spec.flag];
    const fromFlag = flagValue !== undefined;
    const raw = fromFlag ? String(flagValue) : (env[spec.env] ?? spec.defaultRaw);
    if (raw === undefined || (!fromFlag && raw === "" && spec.defaultRaw === undefined)) {
      config[spec.key] = undefined;
      continue;
    }
    try {
      config[spec.key] = spec.parse(raw);
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      const source = fromFlag ? `--${spec.flag}` : `${spec.env} (--${spec.flag})`;
      const shown = spec.secret ? "(hidden)" : JSON.stringify(raw);
      problems.push(`${source} ${error.message}; got ${shown}`);
    }
  }
  const result = config as unknown as Config;
  result.plans = DEFAULT_PLANS;
  result.tls = undefined;
  problems.push(...crossChecks(result));
  if (problems.length > 0) throw new ConfigError(problems);
  return result;
}

/** Checks that fill in what the options derive (the plan table, the TLS files) as they go. */
function crossChecks(config: Config): string[] {
  const problems: string[] = [];
  config.sandboxDatabaseUrl ??= sandboxBeside(config.databaseUrl);
  if ((config.tlsCert === undefined) !== (config.tlsKey === undefined)) {
    problems.push("SCORELINE_TLS_CERT and SCORELINE_TLS_KEY must be set together");
  }
  const cert = readPem("SCORELINE_TLS_CERT", config.tlsCert, problems);
  const key = readPem("SCORELINE_TLS_KEY", config.tlsKey, problems);
  if (cert !== undefined && key !== undefined) config.tls = { cert, key } satisfies TlsFiles;
  if (config.plansFile !== undefined) {
    try {
      config.plans = loadPlans(config.plansFile);
    } catch (error) {
      problems.push(`SCORELINE_PLANS_FILE (--plans-file): ${(error as Error).message}`);
    }
  }
  const ports = [config.apiPort, config.streamPort, config.sandboxPort].filter((p) => p > 0);
  if (new Set(ports).size !== ports.length) {
    problems.push(
      "SCORELINE_API_PORT, SCORELINE_STREAM_PORT and SCORELINE_SANDBOX_PORT must differ (or be 0)",
    );
  }
  if (
    config.metricsPort !== undefined &&
    config.metricsPort > 0 &&
    ports.includes(config.metricsPort)
  ) {
    problems.push(
      "SCORELINE_METRICS_PORT must differ from SCORELINE_API_PORT, SCORELINE_STREAM_PORT and SCORELINE_SANDBOX_PORT (or be 0)",
    );
  }
  return problems;
}

/**
 * The sandbox's store when none is named (ADR-0052): a file beside the main SQLite store
 * (`./data/scoreline.db` → `./data/scoreline-sandbox.db`), so a restart finds its world; in
 * memory beside an in-memory store or PostgreSQL (a deployment names its sandbox store).
 */
function sandboxBeside(databaseUrl: string | undefined): string {
  if (databaseUrl === undefined || !databaseUrl.startsWith("sqlite:")) return "sqlite::memory:";
  const path = databaseUrl.slice("sqlite:".length);
  if (path === ":memory:") return databaseUrl;
  return `sqlite:${path.endsWith(".db") ? path.slice(0, -".db".length) : path}-sandbox.db`;
}

function readPem(name: string, path: string | undefined, problems: string[]): Buffer | undefined {
  if (path === undefined) return undefined;
  try {
    return readFileSync(path);
  } catch {
    problems.push(`${name} must name a readable file; ${JSON.stringify(path)} does not exist`);
    return undefined;
  }
}
