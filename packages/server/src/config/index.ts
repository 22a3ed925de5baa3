export { ConfigError, type FlagValues, loadConfig } from "./load-config.js";
export { type Config, type LogLevel, OPTIONS } from "./options.js";
