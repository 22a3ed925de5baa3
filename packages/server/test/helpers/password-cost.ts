/**
 * Password hashing for tests: scrypt's smallest work factor the `SCORELINE_PASSWORD_COST` setting
 * allows, so a test hashes in about a millisecond instead of 100 ms (the production default is
 * asserted on its own, test/accounts/passwords.test.ts).
 */
export const TEST_PASSWORD_COST = 1_024;

/** The setting as the configuration reads it, spread into a test's `loadConfig`. */
export const FAST_PASSWORDS = { SCORELINE_PASSWORD_COST: String(TEST_PASSWORD_COST) } as const;
