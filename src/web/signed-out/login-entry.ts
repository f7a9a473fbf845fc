// The sign-in page's own script (the sign-in page needs a form, not the
// app). The page's HTML is the app's login page rendered at build time
// (scripts/prerender-sign-in.tsx); this makes it work with no framework: the
// schema's checks and messages under their fields (login-validate.ts), the
// password toggle, POST /api/login with its failure toasts, then the app at the
// user's home (staff → /admin, others → /). Toasts and the two dialogs
// are the app's components, loaded on the first touch (login-extras.tsx).
import "../styles.css";
import { api } from "../lib/api";
import { homePathFor, loginErrorToast } from "../features/auth/api/login-messages";
import { emailError, passwordError, validateLogin } from "./login-validate";

type Extras = typeof import("./login-extras");
let extras: Promise<Extras> | null = null;
const loadExtras = () => (extras ??= import("./login-extras"));

const form = document.querySelector<HTMLFormElement>("main form")!;
const email = form.querySelector<HTMLInputElement>('input[name="email"]')!;
const password = form.querySelector<HTMLInputElement>('input[name="password"]')!;
const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const icon = (name: string) => document.querySelector<HTMLTemplateElement>(`template[data-icon="${name}"]`)!.content.firstElementChild!;

// the toasts sit under the header (ui/toast.tsx reads --app-header-height, header.tsx sets it)
const header = document.querySelector("header");
if (header) {
  const set = () => document.documentElement.style.setProperty("--app-header-height", `${Math.ceil(header.getBoundingClientRect().height)}px`);
  set();
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(set).observe(header);
}

// the dialogs' and toasts' code comes while the visitor reads or types, not before
for (const type of ["pointerdown", "focusin", "keydown"]) document.addEventListener(type, () => void loadExtras(), { once: true, passive: true });
// a toast carried over a full-page redirect (logout)
try {
  if (sessionStorage.getItem("flashToast")) void loadExtras().then((m) => m.showFlashToast());
} catch {
  // storage unavailable: nothing to repeat
}

// the skip link focuses the page's <main> (app.tsx SkipLink)
document.querySelector<HTMLAnchorElement>('a[href="#main-content"]')?.addEventListener("click", (e) => {
  const main = document.querySelector<HTMLElement>("main");
  if (!main) return;
  e.preventDefault();
  main.focus();
});

document.querySelector("[data-help]")?.addEventListener("click", () => void loadExtras().then((m) => m.openHelp()));
document.querySelector("[data-forgot]")?.addEventListener("click", () => void loadExtras().then((m) => m.openForgotPassword(email.value)));

// ui/password-input.tsx: one name, "Show password", its state in aria-pressed
const toggle = form.querySelector<HTMLButtonElement>('button[aria-label="Show password"]');
toggle?.addEventListener("click", () => {
  const visible = toggle.getAttribute("aria-pressed") !== "true";
  password.type = visible ? "text" : "password";
  toggle.setAttribute("aria-pressed", String(visible));
  toggle.replaceChildren(icon(visible ? "eye-off" : "eye").cloneNode(true));
});

/** ui/field.tsx: the message under its field, announced, linked by aria */
function showError(input: HTMLInputElement, message: string | undefined) {
  const field = input.closest(".space-y-1")!;
  const id = `${input.id}-error`;
  let p = document.getElementById(id);
  if (!message) {
    p?.remove();
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    return;
  }
  if (!p) {
    p = document.createElement("p");
    p.id = id;
    p.setAttribute("role", "alert");
    p.className = "text-sm text-red-700";
    field.append(p);
  }
  p.textContent = message;
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", id);
}

// react-hook-form's rhythm: checked on submit, then again on every change
let submitted = false;
email.addEventListener("input", () => submitted && showError(email, emailError(email.value)));
password.addEventListener("input", () => submitted && showError(password, passwordError(password.value)));

/** ui/button.tsx loading: a spinner, disabled, aria-busy; never a double submit */
function busy(on: boolean) {
  submit.disabled = on;
  if (on) {
    submit.setAttribute("aria-busy", "true");
    submit.prepend(icon("loader").cloneNode(true));
  } else {
    submit.removeAttribute("aria-busy");
    submit.querySelector("svg")?.remove();
  }
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  if (submit.disabled) return;
  submitted = true;
  const checked = validateLogin({ email: email.value, password: password.value });
  showError(email, checked.ok ? undefined : checked.errors.email);
  showError(password, checked.ok ? undefined : checked.errors.password);
  if (!checked.ok) {
    (checked.errors.email ? email : password).focus();
    return;
  }
  busy(true);
  try {
    const user = await api.post<{ role: string; isAdmin: boolean }>("/api/login", checked.data);
    // the app takes over at the user's home; the button keeps spinning until it does
    window.location.replace(homePathFor(user));
  } catch (err) {
    busy(false);
    const t = loginErrorToast(err);
    (await loadExtras()).toast.error(t.title, t.description);
  }
});
