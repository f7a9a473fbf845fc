// Email preferences in My Profile: one switch a
// type this user can receive; each change is saved at once (PUT sends only it).
// The bell keeps every notification; these only say which ones also come by email.
import { isStaffRole } from "@contract/constants";
import { CARRIER_EMAIL_TYPES, EMAIL_TYPES, EMAIL_TYPE_LABELS, STAFF_EMAIL_TYPES, type EmailType } from "@contract/schemas/notification";
import type { User } from "@contract/schemas/user";
import { Checkbox } from "../../components/ui/checkbox";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/format";
import { useEmailPreferences, useSetEmailPreference } from "./api";

export function EmailPreferences({ user }: { user: User }) {
  const prefs = useEmailPreferences(true);
  const save = useSetEmailPreference();
  const staff = isStaffRole(user);
  const types = EMAIL_TYPES.filter((t) => (staff ? !CARRIER_EMAIL_TYPES.includes(t) : !STAFF_EMAIL_TYPES.includes(t)));
  const set = (type: EmailType, on: boolean) =>
    save.mutate({ [type]: on }, { onError: (e) => toast.error(errorMessage(e, "Could not save your email preferences")) });

  return (
    <section aria-labelledby="email-prefs-heading" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="email-prefs-heading" className="text-base font-semibold text-slate-900">
        Email me when
      </h3>
      <p className="mb-2 text-sm text-slate-600">The bell shows every notification; untick what you do not want by email too.</p>
      {prefs.isError ? (
        <p className="text-sm text-red-700">Your email preferences could not be loaded.</p>
      ) : (
        <div className="grid gap-0.5">
          {types.map((type) => (
            <Checkbox
              key={type}
              label={EMAIL_TYPE_LABELS[type]}
              checked={prefs.data?.email[type] ?? true}
              disabled={!prefs.data || save.isPending}
              onCheckedChange={(v) => set(type, v === true)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
