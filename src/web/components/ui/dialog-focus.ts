// Where focus goes when a dialog opens and closes.
// Radix on its own focuses the first tabbable element, which in our dialogs is the ✕
// in the title bar: typing an amount went nowhere and Enter closed the dialog. And it
// returns focus only to a Dialog.Trigger; ours open from state (a card's button, a
// menu item), so focus fell to the page body. Every dialog uses these handlers.
import { useRef } from "react";

const FIELDS = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  "select:not([disabled])",
  "textarea:not([disabled]):not([readonly])",
  '[role="checkbox"]:not([disabled])',
  '[role="radio"]:not([disabled])',
  '[role="combobox"]:not([disabled])',
].join(",");

/** Shown, reachable by Tab and not hidden from assistive technology. */
function usable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.closest("[aria-hidden='true'],[inert],[hidden]")) return false;
  return el.getClientRects().length > 0;
}

/**
 * The element a dialog starts on: one marked `data-autofocus` (a dialog's own
 * choice, e.g. the safe button of a destructive question), else its first field,
 * else its primary action (the last button of the footer), else the dialog itself.
 * Never the ✕.
 */
export function initialFocusTarget(content: HTMLElement): HTMLElement {
  const marked = content.querySelector<HTMLElement>("[data-autofocus]");
  if (marked && usable(marked)) return marked;
  const field = Array.from(content.querySelectorAll<HTMLElement>(FIELDS)).find(usable);
  if (field) return field;
  const actions = Array.from(content.querySelectorAll<HTMLElement>("[data-dialog-footer] button:not([disabled]), [data-dialog-footer] a[href]")).filter(usable);
  return actions.at(-1) ?? content;
}

/** Dialogs that are open now, by their content element, and who opened each. */
const openers = new WeakMap<Element, HTMLElement[]>();

/**
 * Who opened the dialog, best first. An item of a menu is gone once the menu
 * closes, so its menu's trigger stands in; a button inside another dialog that
 * closes as this one opens (confirm → success) is followed by whoever opened that one.
 */
function openersOf(active: Element | null): HTMLElement[] {
  if (!(active instanceof HTMLElement) || active === document.body) return [];
  const out: HTMLElement[] = [active];
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) out.unshift(trigger);
  }
  const host = active.closest('[role="dialog"],[role="alertdialog"]');
  if (host) out.push(...(openers.get(host) ?? []));
  return out;
}

function focusable(el: HTMLElement): boolean {
  return el.isConnected && !(el as HTMLButtonElement).disabled && usable(el);
}

/**
 * Focus back where the user was: the first opener still there and enabled; else
 * the card or section it sat in (a card's Accept Load turns into a disabled
 * "Accepted"); else the page's main landmark. Never the body.
 */
export function returnFocus(candidates: HTMLElement[]): void {
  const target = candidates.find(focusable);
  if (target) {
    target.focus();
    return;
  }
  const place = candidates.find((c) => c.isConnected)?.closest<HTMLElement>("article, section, [role='tabpanel'], main") ?? document.querySelector<HTMLElement>("main");
  if (!place) return;
  if (!place.hasAttribute("tabindex")) place.setAttribute("tabindex", "-1");
  place.focus();
}

/** onOpenAutoFocus and onCloseAutoFocus for a Radix Dialog.Content. */
export function useDialogFocus(): { onOpenAutoFocus: (e: Event) => void; onCloseAutoFocus: (e: Event) => void } {
  const opened = useRef<HTMLElement[]>([]);
  return {
    onOpenAutoFocus(e) {
      const content = e.currentTarget as HTMLElement;
      opened.current = openersOf(document.activeElement);
      openers.set(content, opened.current);
      e.preventDefault();
      initialFocusTarget(content).focus();
    },
    onCloseAutoFocus(e) {
      e.preventDefault();
      const from = opened.current;
      opened.current = [];
      // another dialog took over as this one closed (confirm → success): it returns
      // focus, when it closes, to where this one would have
      const active = document.activeElement;
      const other = active instanceof HTMLElement ? active.closest('[role="dialog"],[role="alertdialog"]') : null;
      const theirs = other && other !== e.currentTarget ? openers.get(other) : undefined;
      if (theirs) theirs.push(...from);
      else returnFocus(from);
    },
  };
}
