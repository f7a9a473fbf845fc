import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center justify-center gap-2 text-slate-600", className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
      {label && <span>{label}</span>}
    </div>
  );
}
