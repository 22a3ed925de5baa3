/** Which of the keys held by open connections are no longer valid (revoked, expired, deleted). */
import type { Authenticator } from "../accounts/authenticator.js";
import { ServiceError } from "../errors/service-error.js";

export async function invalidKeys(
  authenticator: Authenticator,
  keys: ReadonlySet<string>,
  onError: (error: unknown) => void,
): Promise<Set<string>> {
  const invalid = new Set<string>();
  await Promise.all(
    [...keys].map(async (key) => {
      try {
        await authenticator.authenticate(key);
      } catch (error) {
        // A failed look-up (the database is away) keeps the connection; only a 401 closes it.
        if (error instanceof ServiceError && error.code === "invalid_api_key") invalid.add(key);
        else onError(error);
      }
    }),
  );
  return invalid;
}
