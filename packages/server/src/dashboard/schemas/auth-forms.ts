/** The doors' forms: sign in, sign up, ask for a reset link, set a new password, use a link. */
import { Type } from "@sinclair/typebox";
import { Email, LinkToken, Password } from "./form-fields.js";

export const SignInForm = Type.Object({
  email: Email,
  password: Password("enter your password (at most 256 characters)"),
  /** Where to go after signing in (`safeNext` keeps it inside the dashboard). */
  next: Type.Optional(
    Type.String({ maxLength: 2048, description: "open the sign-in page again and retry" }),
  ),
});

const NewPassword = Password("choose a password of 10 to 256 characters");

export const SignUpForm = Type.Object({ email: Email, password: NewPassword });

export const ResetRequestForm = Type.Object({ email: Email });

export const NewPasswordForm = Type.Object({ token: LinkToken, password: NewPassword });

/** The button a mailed link opens (verify the email, sign in). */
export const LinkForm = Type.Object({ token: LinkToken });
