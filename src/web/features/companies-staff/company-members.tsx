// The company's members in its dialog, each with "Move to another company"
// (contract PUT /api/users/{id}/company, staff).
import { useState, type ReactNode } from "react";
import { ArrowRightLeft, Hourglass } from "lucide-react";
import type { Company } from "@contract/schemas/company";
import { Button } from "../../components/ui/button";
import { Badge } from "../../components/ui/badge";
import type { UserWithStats } from "@contract/schemas/user";
import { MoveUserDialog, type MovingUser } from "./move-user-dialog";

export function CompanyMembers({
  company,
  members,
  isPending,
  isError,
  onRetry,
}: {
  company: Company;
  members: UserWithStats[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const [moving, setMoving] = useState<MovingUser | null>(null);
  let content: ReactNode;
  if (isPending)
    content = (
      <p className="py-4 text-sm text-slate-600" role="status">
        Loading members...
      </p>
    );
  else if (isError)
    content = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        Could not load the members.
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  else if (!members?.length)
    content = <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">No members. Move a user here, or merge this company into another.</p>;
  else
    content = (
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`Members of ${company.name}`}>
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {m.name}
                {!m.isApproved && (
                  <Badge tone="amber">
                    <Hourglass className="h-3 w-3" aria-hidden="true" />
                    Pending approval
                  </Badge>
                )}
              </p>
              <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                <a href={`mailto:${m.email}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {m.email}
                </a>
                {m.contactNumber ? ` · ${m.contactNumber}` : ""}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="h-11 w-full sm:h-9 sm:w-auto"
              aria-label={`Move ${m.name} to another company`}
              onClick={() => setMoving({ id: m.id, name: m.name, companyId: company.id, companyName: company.name })}
            >
              <ArrowRightLeft className="h-4 w-4" aria-hidden="true" />
              Move to another company
            </Button>
          </li>
        ))}
      </ul>
    );
  // the move dialog outlives the list: the last member moved away empties it
  return (
    <>
      {content}
      <MoveUserDialog user={moving} onOpenChange={(o) => !o && setMoving(null)} />
    </>
  );
}
