/**
 * Parses the configuration once, at start-up, from the environment and CLI flags (flags win).
 * Every bad value is reported by name with what is allowed; nothing reads process.env later.
 */
import { existsSync } from "node:fs";
import { loadPlans } from "../accounts/plans.js";
import { type Config, OPTIONS } from "./options.js";
import { InvalidValue } from "./parsers.js";

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
  problems.push(...crossChecks(result));
  if (problems.length > 0) throw new ConfigError(problems);
  return result;
}

function crossChecks(config: Config): string[] {
  const problems: string[] = [];
  if ((config.tlsCert === undefined) !== (config.tlsKey === undefined)) {
    problems.push("SCORELINE_TLS_CERT and SCORELINE_TLS_KEY must be set together");
  }
  for (const [name, path] of [
    ["SCORELINE_TLS_CERT", config.tlsCert],
    ["SCORELINE_TLS_KEY", config.tlsKey],
  ] as const) {
    if (path !== undefined && !existsSync(path)) {
      problems.push(`${name} must name a readable file; ${JSON.stringify(path)} does not exist`);
    }
  }
  if (config.plansFile !== undefined) {
    try {
      loadPlans(config.plansFile);
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
  return problems;
}
