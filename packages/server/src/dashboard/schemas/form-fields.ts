/**
 * Field schemas the dashboard's forms share. Form bodies arrive urlencoded (@fastify/formbody):
 * every value is text, a repeated name (checked boxes) is a list, an unchecked box is absent.
 * Fields stay open to names a form does not declare (`_csrf`, a submit button's). Each field's
 * `description` is the message a user reads when the field is refused (form-problems.ts), so it
 * says what to enter.
 */
import { type TSchema, Type } from "@sinclair/typebox";

/** Text that must be one of `values`, typed as their union. */
export function StringEnum<const T extends readonly string[]>(values: T, description: string) {
  return Type.Unsafe<T[number]>(Type.String({ enum: [...values], description }));
}

/** Boxes sharing one name: one checked box arrives as text, several as a list, none as nothing. */
export function Checkboxes<T extends TSchema>(
  item: T,
  options: { maxItems: number; description: string },
) {
  return Type.Union([Type.Array(item, { minItems: 1, maxItems: options.maxItems }), item], {
    description: options.description,
  });
}

/** The checked boxes as a list, whichever way they arrived. */
export function checked<T extends string>(value: T | T[]): T[] {
  return typeof value === "string" ? [value] : value;
}

/**
 * An email address, trimmed before the check (`trimFields`): the account verbs' own rule
 * (accounts/dashboard-accounts.ts), not Ajv's stricter `email` format, which would refuse
 * addresses the verbs accept (a non-ASCII local part). The lookahead bounds the length first:
 * every keyword runs (`allErrors`), and the rule backtracks on long text with many dots.
 */
export const Email = Type.String({
  maxLength: 320,
  pattern: "^(?=.{1,320}$)[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
  description: "enter an email address, e.g. you@example.com",
});

/**
 * A password as typed (never trimmed). The lower bound stays with the verb (`checkNewPassword`):
 * it counts UTF-16 units where the schema would count characters.
 */
export const Password = (description: string) =>
  Type.String({ minLength: 1, maxLength: 256, description });

/** A one-time link's token (accounts/one-time-links.ts): 32 bytes, base64url. */
export const LinkToken = Type.String({
  pattern: "^[A-Za-z0-9_-]{43}$",
  description: "the link is not valid; open it again from the mail",
});

/** A form that is only a button: nothing but its CSRF token. */
export const ButtonForm = Type.Object({});

/** The resource a form acts on, in its action's path. */
export const IdParams = Type.Object({ id: Type.String() });
