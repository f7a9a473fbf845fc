// What the avatar looks like and how it is named, shared by the plain button the
// header first draws (user-menu-button.tsx) and the menu's Radix trigger that
// takes its place (user-menu.tsx), so the swap cannot be seen or heard.
import { initials } from "../lib/format";

export const AVATAR_CLASS =
  "flex h-11 w-11 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white ring-offset-2 hover:bg-brand-900 data-[state=open]:ring-2 data-[state=open]:ring-brand-600";

/** The trigger's content: named by it, not aria-label (axe's label-in-name rule, WCAG 2.5.3, wants the initials shown in the name). */
export function AvatarFace({ name }: { name: string }) {
  return (
    <>
      <span aria-hidden="true">{initials(name)}</span>
      <span className="sr-only">User menu for {name}</span>
    </>
  );
}
