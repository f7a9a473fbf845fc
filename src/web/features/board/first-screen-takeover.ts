// When the app takes over a board the server drew (first-screen.ts): at the person's first
// input (a tap, a key, focus) or once the page has settled after loading and the browser
// is idle, whichever comes first. Until then the page is HTML: the app's code is fetched
// but neither renders nor asks the server for anything.
// What the person did to the HTML meanwhile is not lost: a tap on a button is held and
// done again on the app's button (same card, same words) once the app has hydrated, a
// form sent with Enter is sent again through the app, and what was typed or chosen in a
// field is told to the app.
// No imports: main.tsx loads this with the page; everything else comes when needed.

/** The id of the page's JSON script (read by the app, written by the server). */
export const FIRST_SCREEN_SCRIPT_ID = "board-first-screen";

/**
 * The board page says when it is drawn. React hydrates the board inside its Suspense boundary
 * in a pass of its own, after the root's: until then its fields still show the HTML's value
 * and its first effects (the search box taking the filters' text) have not run, so what was
 * typed is carried over and held taps replayed only after this.
 */
let boardDrawn: (() => void) | null = null;
export function firstScreenDrawn(): void {
  boardDrawn?.();
  boardDrawn = null;
}
export const whenFirstScreenDrawn = (): Promise<void> => new Promise((drawn) => (boardDrawn = drawn));

const INPUTS = ["pointerdown", "touchstart", "keydown", "focusin"] as const;
/** after the load event, as main.tsx waits to start the service worker */
const SETTLE_MS = 2000;
const ACTIONABLE = "button, a[href], [role='tab'], [role='button'], summary";

interface HeldClick {
  loadId: string | null;
  tag: string;
  label: string;
}

/** A form sent (Enter in the search box) before the app could: sent again through the app. */
interface HeldSubmit {
  form: string;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** The value the HTML came with (a select's: its option marked selected). */
const initialOf = (f: Field) => (f instanceof HTMLSelectElement ? ([...f.options].find((o) => o.defaultSelected) ?? f.options[0])?.value ?? "" : f.defaultValue);

const labelOf = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
const fieldKey = (el: Element) => el.getAttribute("name") || el.getAttribute("aria-label") || el.getAttribute("placeholder") || "";

/** Calls `start` once, at the first input or when idle after load; `start` resolves once the app has drawn. */
export function takeOverWhenAsked(root: HTMLElement, start: (beforeHydrating: () => void) => Promise<void>): void {
  let started = false;
  let held: HeldClick | null = null;
  // the HTML's own fields, to read what was typed in them after the app replaced them
  const fields = [...root.querySelectorAll<Field>("input, textarea, select")];
  // what was typed in them when hydrating began: hydration puts a field back to the app's value
  const typed = new Map<Field, string>();
  const remember = () => {
    for (const f of fields) if (f.value !== initialOf(f)) typed.set(f, f.value);
  };
  // and what is typed while the app is on its way: the first keystroke's focus starts the
  // takeover, so the text itself arrives after `remember` (a pasted or filled value at once)
  const track = (e: Event) => {
    const f = e.target as Field;
    if (fields.includes(f)) typed.set(f, f.value);
  };
  document.addEventListener("input", track, true);
  document.addEventListener("change", track, true);

  const hold = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest(ACTIONABLE) : null;
    if (!target || !root.contains(target)) return;
    // a plain link still works as a link; only the app's buttons wait for the app
    if (target instanceof HTMLAnchorElement && !target.closest("[data-load-id]")) return;
    e.preventDefault();
    e.stopPropagation();
    held = { loadId: target.closest("[data-load-id]")?.getAttribute("data-load-id") ?? null, tag: target.tagName, label: labelOf(target) };
  };
  document.addEventListener("click", hold, true);
  // Enter in a field submits its form: without the app that would be a page load with the
  // field's text in the URL; held, and submitted through the app once it is there
  let heldSubmit: HeldSubmit | null = null;
  const holdSubmit = (e: SubmitEvent) => {
    if (!(e.target instanceof HTMLFormElement) || !root.contains(e.target)) return;
    e.preventDefault();
    e.stopPropagation();
    heldSubmit = { form: e.target.getAttribute("aria-label") ?? "" };
  };
  document.addEventListener("submit", holdSubmit, true);

  const listen = () => {
    for (const type of INPUTS) window.addEventListener(type, go, { capture: true, passive: true });
  };
  const go = (e?: Event) => {
    if (started) return;
    started = true;
    for (const type of INPUTS) window.removeEventListener(type, go, true);
    start(remember).then(
      () => {
        document.removeEventListener("click", hold, true);
        document.removeEventListener("submit", holdSubmit, true);
        // what the app readies at a first input (the toaster) did not hear this one: say it again
        if (e) window.dispatchEvent(new FocusEvent("focusin"));
        document.removeEventListener("input", track, true);
        document.removeEventListener("change", track, true);
        carryTypedText(root, fields, typed);
        // the app hears the carried text as a change of its state, drawn in a task of its own:
        // a held click or Enter replayed now would act on the fields as they were (an empty search)
        setTimeout(() => {
          if (held) replay(root, held);
          const sent = heldSubmit;
          if (sent) [...root.querySelectorAll("form")].find((f) => (f.getAttribute("aria-label") ?? "") === sent.form)?.requestSubmit();
        });
      },
      // the app's code did not arrive (no signal): the next input tries again
      () => {
        started = false;
        listen();
      },
    );
  };
  listen();
  // idle: once the page has settled (when the app also starts its service worker) and the
  // browser has nothing else to do; the board's answers are fresh for a poll's interval anyway
  const whenIdle = () => setTimeout(() => ("requestIdleCallback" in window ? requestIdleCallback(() => go(), { timeout: 2000 }) : go()), SETTLE_MS);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

function replay(root: HTMLElement, h: HeldClick): void {
  const scope = h.loadId ? root.querySelector(`[data-load-id="${CSS.escape(h.loadId)}"]`) : root;
  const match = [...(scope?.querySelectorAll<HTMLElement>(h.tag) ?? [])].find((el) => labelOf(el) === h.label);
  match?.click();
}

function carryTypedText(root: HTMLElement, old: (Field)[], before: Map<Field, string>): void {
  for (const field of old) {
    const typed = field.value !== initialOf(field) ? field.value : before.get(field);
    if (typed === undefined) continue;
    // the same field once hydrated; the app's field of the same name if it drew its own
    const key = fieldKey(field);
    const now = root.contains(field) ? field : [...root.querySelectorAll<Field>(field.tagName)].find((el) => fieldKey(el) === key);
    if (!now) continue;
    // React hears a change when the value moves past what it last saw: through the field
    // (which tells React) to empty, then past it (which does not) to what was typed
    if (now instanceof HTMLSelectElement) {
      now.value = typed;
      now.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    now.value = "";
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(now), "value")?.set?.call(now, typed);
    now.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
