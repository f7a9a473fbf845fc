// Radix tabs: arrow keys move between tabs, the active one is announced as selected.
// The list scrolls sideways on a phone instead of wrapping into a wall of buttons.
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { Tabs as T } from "radix-ui";
import { cn } from "../../lib/cn";

export const Tabs = T.Root;

export const TabsList = forwardRef<ElementRef<typeof T.List>, ComponentPropsWithoutRef<typeof T.List>>(function TabsList(
  { className, ...rest },
  ref,
) {
  return (
    <T.List
      ref={ref}
      className={cn("flex max-w-full gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-slate-100 p-1", className)}
      {...rest}
    />
  );
});

export const TabsTrigger = forwardRef<ElementRef<typeof T.Trigger>, ComponentPropsWithoutRef<typeof T.Trigger>>(function TabsTrigger(
  { className, ...rest },
  ref,
) {
  return (
    <T.Trigger
      ref={ref}
      className={cn(
        "inline-flex min-h-11 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700",
        "hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm",
        className,
      )}
      {...rest}
    />
  );
});

export const TabsContent = forwardRef<ElementRef<typeof T.Content>, ComponentPropsWithoutRef<typeof T.Content>>(function TabsContent(
  { className, ...rest },
  ref,
) {
  return <T.Content ref={ref} className={cn("mt-4 focus-visible:outline-2", className)} {...rest} />;
});
