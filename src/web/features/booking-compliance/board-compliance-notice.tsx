// One line above the board's cards about the carrier's own standing:
// blocked from booking until the insurance is verified, or insurance running out.
// Each card says the same in short; this one says what to do.
import { Link } from "wouter";
import { ShieldAlert, ShieldX } from "lucide-react";
import { cn } from "../../lib/cn";
import type { BoardNotice } from "./booking-block";

export function BoardComplianceNotice({ notice }: { notice: BoardNotice }) {
  const blocked = notice.tone === "blocked";
  const Icon = blocked ? ShieldX : ShieldAlert;
  return (
    <div
      role="status"
      data-testid="board-compliance-notice"
      className={cn(
        "flex flex-col gap-2 rounded-md border p-3 text-sm sm:flex-row sm:items-center sm:justify-between",
        blocked ? "border-red-300 bg-red-50 text-red-950" : "border-amber-300 bg-amber-50 text-amber-950",
      )}
    >
      <span className="flex gap-2">
        <Icon className={cn("mt-0.5 h-4 w-4 shrink-0", blocked ? "text-red-700" : "text-amber-800")} aria-hidden="true" />
        <span>
          <strong className="font-semibold">{notice.title}</strong> {notice.text}
        </span>
      </span>
      <Link
        href="/company"
        className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white px-3 font-medium text-slate-900 hover:bg-slate-50"
      >
        Go to your Company page
      </Link>
    </div>
  );
}
