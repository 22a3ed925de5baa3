import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError, loadConfig } from "../../src/config/index.js";

function problemsOf(env: Record<string, string>, flags = {}): string[] {
  try {
    loadConfig(env, flags);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  assert.fail("expected a ConfigError");
}

describe("configuration", () => {
  test("defaults match ADR-0001", () => {
    const config = loadConfig({});
    assert.equal(config.databaseUrl, "sqlite:./data/scoreline.db");
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.host, "127.0.0.1");
    assert.deepEqual([config.apiPort, config.streamPort, config.sandboxPort], [8080, 8081, 8082]);
    assert.equal(config.adminToken, undefined);
    assert.equal(config.demo, false);
    assert.equal(config.simSpeed, 1);
    assert.equal(config.sandboxSpeed, 60);
    assert.deepEqual(config.webhookRetrySchedule, [0, 5, 300, 1800, 7200]);
    assert.equal(config.webhookTimeoutMs, 10_000);
    assert.equal(config.webhookAllowPrivate, false);
    assert.deepEqual(config.roles, ["api", "stream", "sandbox", "worker"]);
    assert.equal(config.simulator, "auto");
    assert.equal(config.oddsMoveThreshold, 0.05);
    assert.equal(config.readCache, true);
    assert.equal(config.passwordCost, 32_768);
  });

  test("environment values are parsed and flags win over the environment", () => {
    const config = loadConfig(
      { SCORELINE_API_PORT: "9000", SCORELINE_DEMO: "on", DATABASE_URL: "postgres://u@db:5432/x" },
      { "api-port": "0" },
    );
    assert.equal(config.apiPort, 0);
    assert.equal(config.demo, true);
    assert.equal(config.databaseUrl, "postgres://u@db:5432/x");
  });

  const invalid: Array<[string, Record<string, string>, string]> = [
    [
      "port",
      { SCORELINE_API_PORT: "http" },
      "SCORELINE_API_PORT (--api-port) must be an integer from 0 to 65535",
    ],
    ["port range", { SCORELINE_STREAM_PORT: "70000" }, "SCORELINE_STREAM_PORT"],
    [
      "database url",
      { DATABASE_URL: "mysql://x" },
      "DATABASE_URL (--database-url) must be sqlite:<path>",
    ],
    [
      "redis url",
      { REDIS_URL: "http://localhost" },
      "REDIS_URL (--redis-url) must be a redis:// or rediss:// URL",
    ],
    ["boolean", { SCORELINE_DEMO: "maybe" }, "SCORELINE_DEMO (--demo) must be one of: true, false"],
    [
      "sim speed",
      { SCORELINE_SIM_SPEED: "0" },
      "SCORELINE_SIM_SPEED (--sim-speed) must be a number from 0.1",
    ],
    [
      "retry schedule",
      { SCORELINE_WEBHOOK_RETRY_SCHEDULE: "1,2,x" },
      "SCORELINE_WEBHOOK_RETRY_SCHEDULE",
    ],
    [
      "too many retries",
      { SCORELINE_WEBHOOK_RETRY_SCHEDULE: "1,2,3,4,5,6" },
      "1 to 5 comma-separated",
    ],
    [
      "webhook timeout at or above the lease",
      { SCORELINE_WEBHOOK_TIMEOUT_MS: "12000" },
      "SCORELINE_WEBHOOK_TIMEOUT_MS (--webhook-timeout-ms) must be an integer from 100 to 10000",
    ],
    [
      "admin token",
      { SCORELINE_ADMIN_TOKEN: "short" },
      "SCORELINE_ADMIN_TOKEN (--admin-token) must be at least 16",
    ],
    [
      "roles",
      { SCORELINE_ROLES: "api,dashboard" },
      "SCORELINE_ROLES (--roles) must be a comma-separated list of: api",
    ],
    [
      "log level",
      { SCORELINE_LOG_LEVEL: "loud" },
      "SCORELINE_LOG_LEVEL (--log-level) must be one of",
    ],
    [
      "password cost not a power of two",
      { SCORELINE_PASSWORD_COST: "1000" },
      "SCORELINE_PASSWORD_COST (--password-cost) must be a power of two from 1024 to 131072",
    ],
    [
      "password cost too high",
      { SCORELINE_PASSWORD_COST: "262144" },
      "SCORELINE_PASSWORD_COST (--password-cost) must be a power of two from 1024 to 131072",
    ],
    [
      "password cost too low",
      { SCORELINE_PASSWORD_COST: "512" },
      "SCORELINE_PASSWORD_COST (--password-cost) must be a power of two from 1024 to 131072",
    ],
    ["tls pair", { SCORELINE_TLS_CERT: "/etc/hostname" }, "must be set together"],
    [
      "tls file",
      { SCORELINE_TLS_CERT: "/nope.pem", SCORELINE_TLS_KEY: "/nope.key" },
      "does not exist",
    ],
    ["same ports", { SCORELINE_API_PORT: "9000", SCORELINE_STREAM_PORT: "9000" }, "must differ"],
    [
      "cors origin with a path",
      { SCORELINE_CORS_ORIGINS: "https://app.example.com/" },
      "SCORELINE_CORS_ORIGINS (--cors-origins) must be a comma-separated list of exact origins",
    ],
    ["cors wildcard", { SCORELINE_CORS_ORIGINS: "https://a.example,*" }, "SCORELINE_CORS_ORIGINS"],
    ["cors scheme", { SCORELINE_CORS_ORIGINS: "ftp://a.example" }, "SCORELINE_CORS_ORIGINS"],
  ];
  for (const [name, env, expected] of invalid) {
    test(`invalid ${name} is reported by name with what is allowed`, () => {
      const problems = problemsOf(env);
      assert.ok(
        problems.some((p) => p.includes(expected)),
        `expected a problem containing ${JSON.stringify(expected)}, got ${JSON.stringify(problems)}`,
      );
    });
  }

  test("CORS origins: none by default, a list of exact origins otherwise", () => {
    assert.deepEqual(loadConfig({}).corsOrigins, []);
    const config = loadConfig(
      {},
      { "cors-origins": " https://App.example.com, http://localhost:3000 " },
    );
    assert.deepEqual(config.corsOrigins, ["https://app.example.com", "http://localhost:3000"]);
  });

  test("every bad value is reported at once, secrets are not echoed", () => {
    const problems = problemsOf({ SCORELINE_API_PORT: "x", SCORELINE_ADMIN_TOKEN: "tiny-secret" });
    assert.equal(problems.length, 2);
    assert.ok(problems.every((p) => !p.includes("tiny-secret")));
  });

  test("a bad flag is named as the flag", () => {
    const problems = problemsOf({}, { "api-port": "-1" });
    assert.ok(problems[0]?.startsWith("--api-port must be an integer"));
  });
});
