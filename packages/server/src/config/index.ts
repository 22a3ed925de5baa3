export { ConfigError, type FlagValues, loadConfig } from "./load-config.js";
export { type Config, LOG_LEVELS, type LogLevel, OPTIONS, ROLES, type Role } from "./options.js";
