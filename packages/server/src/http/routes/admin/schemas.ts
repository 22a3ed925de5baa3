/** Request and response schemas of the admin API (hidden from the public OpenAPI document). */
import { Type } from "@sinclair/typebox";
import { Nullable, Timestamp } from "../../schemas/common.js";

/**
 * A positive integer or null (unlimited). One `type` list rather than anyOf: with type coercion
 * on, anyOf would turn a bad 0 into null (unlimited) instead of rejecting it.
 */
const Limit = Type.Unsafe<number | null>({
  type: ["integer", "null"],
  minimum: 1,
  description: "a positive integer, or null for unlimited",
});

const CustomLimits = Type.Object(
  {
    requests_per_minute: Type.Optional(Limit),
    requests_per_month: Type.Optional(Limit),
    websocket_connections: Type.Optional(Limit),
  },
  { additionalProperties: false, description: "custom (enterprise) limits over the plan's" },
);

export const Account = Type.Object({
  id: Type.String(),
  email: Type.String(),
  plan: Type.String(),
  limits: CustomLimits,
  created_at: Timestamp,
});

export const Key = Type.Object({
  id: Type.String(),
  account_id: Type.String(),
  kind: Type.String({ enum: ["live", "test"] }),
  plan: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: "the key's first characters, for display" }),
  created_at: Timestamp,
  expires_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
  last_used_at: Nullable(
    Type.String({
      format: "date-time",
      description: "to the minute; written every few seconds, not per request",
    }),
  ),
  state: Type.String({ enum: ["active", "expired", "revoked"] }),
});

export const CreatedKey = Type.Composite([
  Key,
  Type.Object({ key: Type.String({ description: "the key text; shown only in this response" }) }),
]);

export const AccountRef = Type.String({ minLength: 1, maxLength: 320, description: "id or email" });

export const CreateAccountBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  plan: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  limits: Type.Optional(CustomLimits),
});

export const CreateKeyBody = Type.Object({
  account: Type.Optional(AccountRef),
  plan: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  sandbox: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  expires_at: Type.Optional(Timestamp),
});

export const RevokeKeyBody = Type.Object({ at: Type.Optional(Timestamp) });
