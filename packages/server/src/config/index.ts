export type { Config, LogFormat, LogLevel } from "./config-shape.js";
export { ConfigError, type FlagValues, loadConfig } from "./load-config.js";
export { OPTIONS } from "./options.js";
