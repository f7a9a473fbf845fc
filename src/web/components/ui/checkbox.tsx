// Radix checkbox with its label: the whole row is the tap target (≥ 44 px, ui.md).
import { forwardRef, useId, type ComponentPropsWithoutRef, type ElementRef, type ReactNode } from "react";
import { Checkbox as C } from "radix-ui";
import { Check } from "lucide-react";
import { cn } from "../../lib/cn";

export const Checkbox = forwardRef<
  ElementRef<typeof C.Root>,
  Omit<ComponentPropsWithoutRef<typeof C.Root>, "children"> & { label?: ReactNode; labelClassName?: string }
>(function Checkbox({ className, label, labelClassName, id: givenId, ...rest }, ref) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const box = (
    <C.Root
      ref={ref}
      id={id}
      className={cn(
        "flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white",
        "data-[state=checked]:border-brand-800 data-[state=checked]:bg-brand-800 data-[state=checked]:text-white disabled:opacity-50",
        className,
      )}
      {...rest}
    >
      <C.Indicator>
        <Check className="h-4 w-4" aria-hidden="true" />
      </C.Indicator>
    </C.Root>
  );
  if (label == null) return box;
  return (
    <div className="flex min-h-11 items-center gap-3">
      {box}
      <label htmlFor={id} className={cn("cursor-pointer text-sm text-slate-800", labelClassName)}>
        {label}
      </label>
    </div>
  );
});
