import { forwardRef, type ButtonHTMLAttributes } from "react";
import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

type Variant = "primary" | "secondary" | "outline" | "ghost" | "destructive" | "success";
type Size = "sm" | "md" | "lg" | "icon";

const variants: Record<Variant, string> = {
  primary: "bg-brand-800 text-white hover:bg-brand-900 disabled:bg-slate-300 disabled:text-slate-600",
  secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200 disabled:text-slate-500",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-500",
  ghost: "text-slate-700 hover:bg-slate-100",
  destructive: "bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300 disabled:text-slate-600",
  success: "bg-green-700 text-white hover:bg-green-800 disabled:bg-slate-300 disabled:text-slate-600",
};
const sizes: Record<Size, string> = {
  sm: "h-9 px-3 text-sm",
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-12 px-5 text-base",
  icon: "h-11 w-11",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  /** shows a spinner and blocks a second submit (ui.md: never a double submit) */
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading, disabled, className, children, type = "button", ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed",
        variants[variant],
        sizes[size],
        className,
      )}
      {...rest}
    >
      {loading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  );
});
