// The words under a load's disabled Accept and Bid buttons (the board shows why
// it disables the buttons): the
// server's own message, what to do next, and the way to the Company page.
import { Link } from "wouter";
import { ShieldAlert } from "lucide-react";
import { cn } from "../../lib/cn";
import type { BookingBlock } from "./booking-block";

export function BookingBlockNote({
  block,
  id,
  className,
  compact,
  autoFocusLink,
}: {
  block: BookingBlock;
  id?: string;
  className?: string;
  /** the card's short form: the message and the link, not the next steps */
  compact?: boolean;
  /** in a dialog whose Accept is disabled: start there, the one thing to do (ui/dialog-focus.ts data-autofocus) */
  autoFocusLink?: boolean;
}) {
  return (
    <div id={id} data-testid="booking-block" className={cn("flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950", className)}>
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          <span className="sr-only">You cannot book this load. </span>
          {block.message}
        </p>
        {!compact && <p>{block.next}</p>}
        <Link href="/company" data-autofocus={autoFocusLink ? "" : undefined} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 sm:min-h-0">
          Go to your Company page
        </Link>
      </div>
    </div>
  );
}
