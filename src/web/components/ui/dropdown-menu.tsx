// Radix dropdown menu styled for the app: keyboard operable (arrows, Enter, Escape),
// focus returned to the trigger, items at least 44 px tall (ui.md tap targets).
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { DropdownMenu as M } from "radix-ui";
import { cn } from "../../lib/cn";

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuGroup = M.Group;

export const DropdownMenuContent = forwardRef<ElementRef<typeof M.Content>, ComponentPropsWithoutRef<typeof M.Content>>(
  function DropdownMenuContent({ className, sideOffset = 6, align = "end", ...rest }, ref) {
    return (
      <M.Portal>
        <M.Content
          ref={ref}
          sideOffset={sideOffset}
          align={align}
          collisionPadding={8}
          className={cn(
            "z-50 min-w-56 max-w-[calc(100vw-16px)] overflow-hidden rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg",
            className,
          )}
          {...rest}
        />
      </M.Portal>
    );
  },
);

export const DropdownMenuItem = forwardRef<
  ElementRef<typeof M.Item>,
  ComponentPropsWithoutRef<typeof M.Item> & { destructive?: boolean }
>(function DropdownMenuItem({ className, destructive, ...rest }, ref) {
  return (
    <M.Item
      ref={ref}
      className={cn(
        "flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-md px-3 text-sm outline-none",
        "data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        destructive ? "text-red-700 data-[highlighted]:bg-red-50" : "text-slate-800",
        className,
      )}
      {...rest}
    />
  );
});

export const DropdownMenuCheckboxItem = forwardRef<
  ElementRef<typeof M.CheckboxItem>,
  ComponentPropsWithoutRef<typeof M.CheckboxItem>
>(function DropdownMenuCheckboxItem({ className, children, ...rest }, ref) {
  return (
    <M.CheckboxItem
      ref={ref}
      className={cn(
        "relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-md py-2 pl-9 pr-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100",
        className,
      )}
      {...rest}
    >
      <span className="absolute left-3 flex h-4 w-4 items-center justify-center rounded border border-slate-400 bg-white" aria-hidden="true">
        <M.ItemIndicator>
          <svg viewBox="0 0 12 12" className="h-3 w-3 text-brand-800">
            <path d="M2 6l3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </M.ItemIndicator>
      </span>
      {children}
    </M.CheckboxItem>
  );
});

export function DropdownMenuLabel({ className, ...rest }: ComponentPropsWithoutRef<typeof M.Label>) {
  return <M.Label className={cn("px-3 py-2 text-sm text-slate-700", className)} {...rest} />;
}

export function DropdownMenuSeparator({ className, ...rest }: ComponentPropsWithoutRef<typeof M.Separator>) {
  return <M.Separator className={cn("my-1 h-px bg-slate-200", className)} {...rest} />;
}
