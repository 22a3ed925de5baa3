/** The package's own version (semver, independent of the API's `/v1`); a test keeps it equal to package.json. */
export const VERSION = "1.2.0";
