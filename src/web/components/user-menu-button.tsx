// The avatar as the header first draws it (kept out of the board's first-load JS): a plain button
// that looks and is named exactly as the menu's Radix trigger. The menu (user-menu.tsx,
// Radix DropdownMenu + floating-ui) loads when the pointer or focus comes near and takes
// its place, open, on the first click (or Enter / Space).
import { Suspense, useState } from "react";
import type { User } from "@contract/schemas/user";
import { lazyNamed } from "../lib/lazy";
import { AVATAR_CLASS, AvatarFace } from "./user-avatar";

const load = () => import("./user-menu");
const UserMenu = lazyNamed(load, "UserMenu");

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
