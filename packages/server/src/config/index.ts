export { ConfigError, type FlagValues, loadConfig } from "./load-config.js";
export { type Config, type LogLevel, LOG_LEVELS, OPTIONS, type Role, ROLES } from "./options.js";
