import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export type BadgeTone = "green" | "orange" | "blue" | "emerald" | "red" | "purple" | "slate" | "amber" | "yellow";

// WCAG AA pairs: dark text on a light tint, with a border so the shape reads without colour.
const tones: Record<BadgeTone, string> = {
  green: "bg-green-50 text-green-800 border-green-300",
  orange: "bg-orange-50 text-orange-800 border-orange-300",
  blue: "bg-blue-50 text-blue-800 border-blue-300",
  emerald: "bg-emerald-50 text-emerald-800 border-emerald-300",
  red: "bg-red-50 text-red-800 border-red-300",
  purple: "bg-purple-50 text-purple-800 border-purple-300",
  slate: "bg-slate-100 text-slate-800 border-slate-300",
  amber: "bg-amber-50 text-amber-900 border-amber-300",
  yellow: "bg-yellow-50 text-yellow-900 border-yellow-300",
};

export function Badge({ tone = "slate", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold", tones[tone], className)}>
      {children}
    </span>
  );
}
