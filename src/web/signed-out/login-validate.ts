// The sign-in form's checks without zod (the sign-in page carries no
// schema library). Same rules and words as loginSchema (contract/schemas/user.ts);
// login-validate.test.ts holds the two to the same answers.

/** zod's regexes.html5Email, the rule the contract's emailSchema uses */
const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const MAX_TEXT = 200;

export const LOGIN_MESSAGES = {
  email: "Please enter a valid email address",
  passwordRequired: "Password is required",
  /** plain-errors.ts words for a string's max */
  tooLong: `Please use at most ${MAX_TEXT} characters`,
} as const;

export interface LoginValues {
  email: string;
  password: string;
}

export function emailError(raw: string): string | undefined {
  const email = raw.trim();
  return email.length > 254 || !HTML5_EMAIL.test(email) ? LOGIN_MESSAGES.email : undefined;
}

export function passwordError(password: string): string | undefined {
  if (password.length < 1) return LOGIN_MESSAGES.passwordRequired;
  return password.length > MAX_TEXT ? LOGIN_MESSAGES.tooLong : undefined;
}

/** The values as the schema hands them on (email trimmed), or the message per field. */
export function validateLogin(values: LoginValues): { ok: true; data: LoginValues } | { ok: false; errors: Partial<Record<keyof LoginValues, string>> } {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const e = emailError(values.email);
  const p = passwordError(values.password);
  if (e) errors.email = e;
  if (p) errors.password = p;
  if (e || p) return { ok: false, errors };
  return { ok: true, data: { email: values.email.trim(), password: values.password } };
}
