/**
 * The dashboard's account verbs (ADR-0031): sign up, verify the email, sign in, reset the
 * password, one-time sign-in links, and an operator setting a password. Every answer that could
 * tell whether an email has an account is the same either way; the mail says the rest.
 */
import type { Mail, Mailer } from "../adapters/mail/mailer.js";
import { invalidParameter } from "../errors/service-error.js";
import { isoSeconds } from "../lib/time.js";
import {
  type AccountsContext,
  accountIfAny,
  createAccount,
  findAccount,
} from "./accounts-service.js";
import { issueLink, type LinkPurpose, linkAccount, useLink } from "./one-time-links.js";
import { checkNewPassword, hashPassword, verifyPassword } from "./passwords.js";
import { firstSandboxKey } from "./personal-sandbox-key.js";
import { endAllSessions } from "./sessions.js";
import type { SignInThrottle } from "./sign-in-throttle.js";

export interface DashboardAccountsDeps extends AccountsContext {
  mailer: Mailer;
  throttle: SignInThrottle;
}

/** Where a link points: `<origin>/dashboard/<path>?token=…`. */
export interface LinkBase {
  origin: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function normalEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL.test(value) || value.length > 320) {
    throw invalidParameter("email", "enter an email address, e.g. you@example.com");
  }
  return value;
}

const LINK_PATHS: Record<LinkPurpose, string> = {
  verify_email: "verify",
  reset_password: "reset",
  sign_in: "sign-in/link",
};

function linkUrl(base: LinkBase, purpose: LinkPurpose, token: string): string {
  return `${base.origin}/dashboard/${LINK_PATHS[purpose]}?token=${token}`;
}

async function sendLink(
  deps: DashboardAccountsDeps,
  base: LinkBase,
  to: { id: string; email: string },
  purpose: LinkPurpose,
  intro: string,
): Promise<void> {
  const url = linkUrl(base, purpose, await issueLink(deps, to.id, purpose));
  const subjects: Record<LinkPurpose, string> = {
    verify_email: "Verify your email for Scoreline",
    reset_password: "Reset your Scoreline password",
    sign_in: "Sign in to Scoreline",
  };
  const mail: Mail = {
    to: to.email,
    subject: subjects[purpose],
    text: `${intro}\n\n${url}\n\nThe link works once. If you did not ask for it, ignore this mail.\n`,
  };
  await deps.mailer.send(mail);
}

/**
 * A new account on the free plan, its password set and a verification link mailed. For an email
 * that already has an account, the same answer, and a mail to that address with a reset link.
 */
export async function signUp(
  deps: DashboardAccountsDeps,
  input: { email: string; password: string; address: string },
  base: LinkBase,
): Promise<void> {
  const email = normalEmail(input.email);
  checkNewPassword(input.password, email);
  await deps.throttle.mailRequest(input.address, email);
  // Hashed either way, so a known email takes as long to answer as a new one.
  const passwordHash = await hashPassword(input.password, deps.passwordCost);
  const existing = await accountIfAny(deps, email);
  if (existing !== undefined) {
    await sendLink(
      deps,
      base,
      existing,
      "reset_password",
      "Someone (you?) tried to sign up with this address, which already has a Scoreline account. To set a new password, open:",
    );
    return;
  }
  const account = await createAccount(deps, { email, plan: "free" });
  await deps.store.db
    .updateTable("accounts")
    .set({ password_hash: passwordHash, updated_at: account.created_at })
    .where("id", "=", account.id)
    .execute();
  await sendLink(deps, base, account, "verify_email", "Welcome to Scoreline. Verify your email:");
}

/**
 * Marks the email verified, completing the sign-up: the account id and, the first time, its new
 * personal sandbox key (its text, to show once); null for a used or expired link.
 */
export async function verifyEmail(deps: AccountsContext, token: string) {
  const accountId = await useLink(deps, token, "verify_email");
  if (accountId === null) return null;
  await markVerified(deps, accountId);
  return { accountId, sandboxKey: await firstSandboxKey(deps, accountId) };
}

/** The email of the account a link would work for (its page names it), or null. */
export async function linkEmail(
  deps: AccountsContext,
  token: string,
  purpose: LinkPurpose,
): Promise<string | null> {
  const accountId = await linkAccount(deps, token, purpose);
  return accountId === null ? null : (await findAccount(deps, accountId)).email;
}

async function markVerified(deps: AccountsContext, accountId: string): Promise<void> {
  const now = isoSeconds(deps.clock());
  await deps.store.db
    .updateTable("accounts")
    .set({ email_verified_at: now, updated_at: now })
    .where("id", "=", accountId)
    .where("email_verified_at", "is", null)
    .execute();
}

export type SignInResult =
  | { ok: true; accountId: string }
  /** `credentials`: unknown email or wrong password, told apart to no one. */
  | { ok: false; reason: "credentials" | "unverified" };

export async function signIn(
  deps: DashboardAccountsDeps,
  input: { email: string; password: string; address: string },
  base: LinkBase,
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  await deps.throttle.beginSignIn(deps, input.address, email);
  const account = await accountIfAny(deps, email);
  const good = await verifyPassword(
    input.password,
    account?.password_hash ?? null,
    deps.passwordCost,
  );
  if (account === undefined || !good) {
    await deps.throttle.failedSignIn(input.address);
    return { ok: false, reason: "credentials" };
  }
  await deps.throttle.passwordAccepted(deps, input.address, email);
  if (account.email_verified_at === null) {
    await sendLink(deps, base, account, "verify_email", "Verify your email for Scoreline:");
    return { ok: false, reason: "unverified" };
  }
  return { ok: true, accountId: account.id };
}

/** Mails a reset link when the email has an account; the caller answers the same either way. */
export async function requestPasswordReset(
  deps: DashboardAccountsDeps,
  input: { email: string; address: string },
  base: LinkBase,
): Promise<void> {
  const email = normalEmail(input.email);
  await deps.throttle.mailRequest(input.address, email);
  const account = await accountIfAny(deps, email);
  if (account === undefined) return;
  await sendLink(deps, base, account, "reset_password", "To set a new Scoreline password, open:");
}

/**
 * Sets the new password from a reset link; the email counts as verified (the link went to it),
 * and every session of the account ends. The account id, or null for a used or expired link.
 */
export async function resetPassword(
  deps: AccountsContext,
  input: { token: string; password: string },
): Promise<string | null> {
  const owner = await linkAccount(deps, input.token, "reset_password");
  if (owner === null) return null;
  const account = await findAccount(deps, owner);
  // Checked before the link is spent, so a rejected password leaves the link working.
  const password = checkNewPassword(input.password, account.email);
  const accountId = await useLink(deps, input.token, "reset_password");
  if (accountId === null) return null;
  await storePassword(deps, accountId, password);
  await markVerified(deps, accountId);
  await endAllSessions(deps, accountId);
  return accountId;
}

/** An operator sets a password (`scoreline accounts set-password`): ends the account's sessions. */
export async function setPassword(
  deps: AccountsContext,
  ref: string,
  password: string,
): Promise<{ id: string; email: string }> {
  const account = await findAccount(deps, ref);
  await storePassword(deps, account.id, checkNewPassword(password, account.email));
  await markVerified(deps, account.id);
  await endAllSessions(deps, account.id);
  return { id: account.id, email: account.email };
}

async function storePassword(deps: AccountsContext, accountId: string, password: string) {
  await deps.store.db
    .updateTable("accounts")
    .set({
      password_hash: await hashPassword(password, deps.passwordCost),
      updated_at: isoSeconds(deps.clock()),
    })
    .where("id", "=", accountId)
    .execute();
}

/** A one-time sign-in link (the demo account's, printed at start). */
export async function signInLink(
  deps: AccountsContext,
  accountId: string,
  base: LinkBase,
): Promise<string> {
  return linkUrl(base, "sign_in", await issueLink(deps, accountId, "sign_in"));
}

/** Uses a sign-in link: the account id (its email now verified), or null. */
export async function useSignInLink(deps: AccountsContext, token: string): Promise<string | null> {
  const accountId = await useLink(deps, token, "sign_in");
  if (accountId !== null) await markVerified(deps, accountId);
  return accountId;
}
