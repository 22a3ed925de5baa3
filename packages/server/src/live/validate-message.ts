/**
 * Shape checks of one feed message: the frame (`id`, `type`, `sport`, `data`), then `data`
 * against its type's schema. The first problem becomes a FeedRejection naming the field.
 */
import type { TSchema } from "@sinclair/typebox";
import { type TypeCheck, TypeCompiler, type ValueError } from "@sinclair/typebox/compiler";
import {
  DATA_SCHEMAS,
  type FeedMessage,
  MESSAGE_TYPES,
  MessageFrame,
  type MessageType,
} from "./messages.js";
import { FeedRejection } from "./rejection.js";

const frameCheck = TypeCompiler.Compile(MessageFrame);
const dataChecks = new Map<string, TypeCheck<TSchema>>(
  MESSAGE_TYPES.map((type) => [type, TypeCompiler.Compile<TSchema>(DATA_SCHEMAS[type])]),
);

/** `/data/starters/0/player_id` → `data.starters[0].player_id` */
function fieldOf(path: string): string {
  return path
    .split("/")
    .filter((part) => part !== "")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce(
      (out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part),
      "",
    );
}

function describe(error: ValueError, field: string): string {
  const name = field || "message";
  if (error.value === undefined) return `${name} is required`;
  return `${name}: ${error.message.toLowerCase()}`;
}

/** The most useful error: a missing or wrong field rather than a union's summary. */
function firstError(errors: Iterable<ValueError>, prefix: string): FeedRejection | undefined {
  for (const error of errors) {
    const field = fieldOf(`${prefix}${error.path}`);
    return new FeedRejection(field, describe(error, field));
  }
  return undefined;
}

export function validateMessage(value: unknown): FeedMessage {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FeedRejection("", "a message must be a JSON object");
  }
  const frame = value as Record<string, unknown>;
  if (
    typeof frame.type === "string" &&
    !(MESSAGE_TYPES as readonly string[]).includes(frame.type)
  ) {
    throw new FeedRejection(
      "type",
      `unknown message type "${frame.type}"; expected one of ${MESSAGE_TYPES.join(", ")}`,
    );
  }
  if (!frameCheck.Check(value)) {
    throw firstError(frameCheck.Errors(value), "") ?? new FeedRejection("", "malformed message");
  }
  const type = frame.type as MessageType;
  const check = dataChecks.get(type);
  if (check === undefined) throw new FeedRejection("type", `unknown message type "${type}"`);
  if (!check.Check(frame.data)) {
    throw (
      firstError(check.Errors(frame.data), "/data") ?? new FeedRejection("data", "malformed data")
    );
  }
  return value as FeedMessage;
}
