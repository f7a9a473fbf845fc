// "Move to another company" (contract PUT /api/users/{id}/company {companyId}, staff):
// the user's company, and with it which bookings they see, changes in one step.
import { useEffect, useState } from "react";
import { moveUserSchema, type Company } from "@contract/schemas/company";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useMoveUser } from "./api";
import { CompanyPicker } from "./company-picker";

export interface MovingUser {
  id: string;
  name: string;
  /** the company they leave (never offered); null when unknown */
  companyId: string | null;
  companyName: string | null;
}

export function MoveUserDialog({ user, onOpenChange, onMoved }: { user: MovingUser | null; onOpenChange: (open: boolean) => void; onMoved?: (to: Company) => void }) {
  const move = useMoveUser();
  const [to, setTo] = useState<Company | null>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (user) {
      setTo(null);
      setError(undefined);
    }
  }, [user]);

  const submit = () => {
    if (!user) return;
    const parsed = moveUserSchema.safeParse({ companyId: to?.id ?? "" });
    if (!parsed.success || !to) {
      setError(parsed.error?.issues[0]?.message ?? "Please choose a company");
      return;
    }
    move.mutate(
      { user, to },
      {
        onSuccess: () => {
          onMoved?.(to);
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={!!user}
      onOpenChange={onOpenChange}
      title={`Move ${user?.name ?? "user"} to another company`}
      description={
        user?.companyName
          ? `${user.name} leaves ${user.companyName}: from then on they see the new company's bookings and documents instead of ${user.companyName}'s. Bookings already made stay with ${user.companyName}.`
          : "From then on they see the new company's bookings and documents."
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} loading={move.isPending}>
            {to ? `Move to ${to.name}` : "Move user"}
          </Button>
        </>
      }
    >
      <CompanyPicker
        label="New company"
        value={to}
        onChange={(c) => {
          setTo(c);
          setError(undefined);
        }}
        exclude={user?.companyId ?? undefined}
        error={error}
      />
    </Dialog>
  );
}
