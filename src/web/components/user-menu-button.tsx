// The avatar as the header first draws it (issue 19: board first-load JS): a plain button
// that looks and is named exactly as the menu's Radix trigger. The menu (user-menu.tsx,
// Radix DropdownMenu + floating-ui) loads when the pointer or focus comes near and takes
// its place, open, on the first click (or Enter / Space).
import { Suspense, useState } from "react";
import type { User } from "@contract/schemas/user";
import { initials } from "../lib/format";
import { lazyNamed } from "../lib/lazy";

const load = () => import("./user-menu");
const UserMenu = lazyNamed(load, "UserMenu");

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

export function HeaderUserMenu({ user }: { user: User }) {
  const [active, setActive] = useState(false);
  const prefetch = () => void load();
  const plain = (
    <button
      type="button"
      className={AVATAR_CLASS}
      aria-haspopup="menu"
      aria-expanded="false"
      data-state="closed"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setActive(true)}
    >
      <AvatarFace name={user.name} />
    </button>
  );
  if (!active) return plain;
  return (
    <Suspense fallback={plain}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  );
}
