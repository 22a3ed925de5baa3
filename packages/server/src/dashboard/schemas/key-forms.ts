/** The API keys page's forms: create a key, rotate one. */
import { type Static, Type } from "@sinclair/typebox";
import type { KeyKind } from "../../accounts/key-material.js";
import { StringEnum } from "./form-fields.js";

const KINDS = ["live", "test"] as const satisfies readonly KeyKind[];

export const CreateKeyForm = Type.Object({
  name: Type.String({
    maxLength: 100,
    pattern: "\\S",
    description: "give the key a name of at most 100 characters",
  }),
  /** Absent: a live key. */
  kind: Type.Optional(StringEnum(KINDS, "choose a live key or a personal sandbox key")),
});

/** The longest wait before the old key is revoked: 30 days, in seconds. */
const MAX_REVOKE_IN = 30 * 86_400;

/** A `datetime-local` value (UTC here), or empty: `2026-11-24T13:05`, seconds optional. */
const DATE_TIME =
  "^(\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,3})?)?Z?)?$";

export const RotateKeyForm = Type.Object({
  /** `now`, or seconds from now (the select offers 1 hour, 24 hours, 7 days); absent: 24 hours. */
  revoke_in: Type.Optional(
    Type.Union([Type.Literal("now"), Type.Integer({ minimum: 0, maximum: MAX_REVOKE_IN })], {
      description: "choose when the old key is revoked",
    }),
  ),
  /** Wins over `revoke_in` when filled in. */
  revoke_at: Type.Optional(
    Type.String({ pattern: DATE_TIME, description: "enter a date and time (UTC)" }),
  ),
});

export type RotateKeyFields = Static<typeof RotateKeyForm>;
