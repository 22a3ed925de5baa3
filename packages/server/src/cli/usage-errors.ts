/**
 * How a command fails on bad input: a message naming the option on stderr and exit status 2
 * (help exits 0); and the CLI's one mapping from the service error vocabulary (ADR-0002) to exit
 * statuses — bad input (4xx codes) is a usage error, anything else is the program's failure.
 */
import { type Command, type CommanderError, InvalidArgumentError } from "commander";
import { ServiceError } from "../errors/service-error.js";
import { terminal } from "./terminal.js";

/** The exit status of every usage error. */
export const EXIT_USAGE = 2;

/** Prints the message and sets exit status 2 (the caller returns; resources still close). */
export function usageError(message: string): void {
  terminal().stderr.write(`scoreline: ${message}\n`);
  terminal().exitCode = EXIT_USAGE;
}

/**
 * Help and version exit 0; every usage error commander finds (missing argument or option,
 * unknown command or option, bad value) exits 2 — for `command` and every command under it, so
 * the program's root applies it once. Commander's own status for them would be 1.
 */
export function usageErrorsExit2(command: Command): Command {
  command.exitOverride((error: CommanderError) => {
    terminal().exit(error.exitCode === 0 ? 0 : EXIT_USAGE);
  });
  // Help and commander's own messages go to the run's terminal too (terminal.ts).
  command.configureOutput({
    writeOut: (text) => terminal().stdout.write(text),
    writeErr: (text) => terminal().stderr.write(text),
  });
  for (const sub of command.commands) usageErrorsExit2(sub);
  return command;
}

/** A service error caused by the caller's input (reported as a usage error), or undefined. */
export function inputError(error: unknown): ServiceError | undefined {
  if (!(error instanceof ServiceError)) return undefined;
  return error.code === "internal_error" || error.code === "service_unavailable"
    ? undefined
    : error;
}

/** `expires_at` → `--expires-at`. */
export function optionName(field: string): string {
  return `--${field.replace(/_/g, "-")}`;
}

export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("must be a positive integer.");
  }
  return Number(value);
}
