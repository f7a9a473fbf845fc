// The user menu in the header: initials avatar; name, email and carrier name;
// My Profile, Change Password, Saved searches, Company and My Invoices (carriers
// only), Log out. The dialogs live outside the menu so they keep focus after it closes.
import { useState } from "react";
import { Bookmark, Building2, KeyRound, LogOut, ReceiptText, Timer, Truck, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import type { User } from "@contract/schemas/user";
import { isStaffRole } from "@contract/constants";
import { initials } from "../lib/format";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "./ui/dropdown-menu";
import { Later, lazyNamed } from "../lib/lazy";
import { AVATAR_CLASS, AvatarFace } from "./user-avatar";

const ChangePasswordDialog = lazyNamed(() => import("../features/auth/components/change-password-dialog"), "ChangePasswordDialog");
const ProfileDialog = lazyNamed(() => import("../features/auth/components/profile-dialog"), "ProfileDialog");
import { useLogout } from "../features/auth/api/logout";

/** The menu itself; header.tsx shows it through user-menu-button.tsx (HeaderUserMenu), opened on the first click. */
export function UserMenu({ user, defaultOpen = false }: { user: User; defaultOpen?: boolean }) {
  const [dialog, setDialog] = useState<"profile" | "password" | null>(null);
  const [, navigate] = useLocation();
  const logout = useLogout();
  return (
    <>
      {/* modal={false}: a dialog opened from an item must not inherit the menu's pointer lock */}
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger className={AVATAR_CLASS}>
          <AvatarFace name={user.name} />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-80">
          <DropdownMenuLabel>
            <span className="flex items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900" aria-hidden="true">
                {initials(user.name)}
              </span>
              <span className="min-w-0">
                <span className="block break-words font-semibold text-slate-900">{user.name}</span>
                <span className="block break-all text-slate-600">{user.email}</span>
                {user.carrierName && <span className="block break-words text-slate-600">{user.carrierName}</span>}
              </span>
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog("profile")}>
            <UserRound className="h-4 w-4" aria-hidden="true" />
            My Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("password")}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate("/saved-searches")}>
            <Bookmark className="h-4 w-4" aria-hidden="true" />
            Saved searches
          </DropdownMenuItem>
          {/* a carrier's company: its documents and compliance; staff manage companies in Admin */}
          {!isStaffRole(user) && (
            <DropdownMenuItem onSelect={() => navigate("/company")}>
              <Building2 className="h-4 w-4" aria-hidden="true" />
              Company
            </DropdownMenuItem>
          )}
          {/* the company's self-billing invoices and statement (the contract's MY_INVOICES_PATH,
              written out so the menu's chunk does not carry the invoice schemas); staff have the Invoices tab */}
          {!isStaffRole(user) && (
            <DropdownMenuItem onSelect={() => navigate("/invoices")}>
              <ReceiptText className="h-4 w-4" aria-hidden="true" />
              My Invoices
            </DropdownMenuItem>
          )}
          {/* the company's waiting-time claims; staff decide them in Admin's Claims tab */}
          {!isStaffRole(user) && (
            <DropdownMenuItem onSelect={() => navigate("/claims")}>
              <Timer className="h-4 w-4" aria-hidden="true" />
              Claims
            </DropdownMenuItem>
          )}
          {/* the company's posted trucks and the loads that match them; staff have the Trucks tab */}
          {!isStaffRole(user) && (
            <DropdownMenuItem onSelect={() => navigate("/trucks")}>
              <Truck className="h-4 w-4" aria-hidden="true" />
              Trucks
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Later>
        {dialog === "profile" && <ProfileDialog user={user} open onOpenChange={(o) => setDialog(o ? "profile" : null)} />}
        {dialog === "password" && <ChangePasswordDialog userId={user.id} open onOpenChange={(o) => setDialog(o ? "password" : null)} />}
      </Later>
    </>
  );
}
