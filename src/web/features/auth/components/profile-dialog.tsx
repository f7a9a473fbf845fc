// My Profile (user menu): a user edits their own name and contact number
// (contract PUT /api/users/{id}). Their company is their membership, which only
// staff change: shown read-only to everyone else, and not sent.
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { isStaffRole } from "@contract/constants";
import { ONLY_STAFF_CHANGE_COMPANY, profileSchema, type User } from "@contract/schemas/user";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/format";
import { useUpdateProfile } from "../api/update-profile";
import { EmailPreferences } from "../../notifications";

export function ProfileDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateProfile(user.id);
  const staff = isStaffRole(user);
  const form = useForm({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name, carrierName: user.carrierName ?? "", contactNumber: user.contactNumber ?? "" },
  });
  const { errors } = form.formState;
  const { reset } = form;

  // show the saved values each time the dialog opens
  useEffect(() => {
    if (open) reset({ name: user.name, carrierName: user.carrierName ?? "", contactNumber: user.contactNumber ?? "" });
  }, [open, reset, user.name, user.carrierName, user.contactNumber]);

  const submit = form.handleSubmit(({ carrierName, ...values }) =>
    update.mutate(staff ? { ...values, carrierName } : values, {
      onSuccess: () => {
        toast.success("Profile Updated", "Your profile has been saved.");
        onOpenChange(false);
      },
      onError: (err) => toast.error("Error", errorMessage(err, "Failed to update profile. Please try again.")),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="My Profile" description={`Signed in as ${user.email}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Full name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register("name")} />
        </Field>
        {staff ? (
          <Field label="Carrier / company name" error={errors.carrierName?.message}>
            <Input autoComplete="organization" {...form.register("carrierName")} />
          </Field>
        ) : (
          <Field label="Carrier / company name" hint={ONLY_STAFF_CHANGE_COMPANY}>
            <Input readOnly value={user.carrierName ?? ""} className="read-only:border-slate-200 read-only:bg-slate-100 read-only:text-slate-700" />
          </Field>
        )}
        <Field label="Contact number" error={errors.contactNumber?.message}>
          <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register("contactNumber")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Profile
          </Button>
        </div>
      </form>
      <EmailPreferences user={user} />
    </Dialog>
  );
}
