// My Profile (user menu): a user edits their own name, carrier name and contact
// number (contract PUT /api/users/{id}); email and role are shown, not editable.
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { profileSchema, type User } from "@contract/schemas/user";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/format";
import { useUpdateProfile } from "../api/update-profile";

export function ProfileDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateProfile(user.id);
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

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
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
        <Field label="Carrier / company name" error={errors.carrierName?.message}>
          <Input autoComplete="organization" {...form.register("carrierName")} />
        </Field>
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
    </Dialog>
  );
}
