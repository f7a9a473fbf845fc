// Tabs without Radix for the board's two sections (Radix Tabs, its collection and
// roving focus were ~10 KB gzip of the board's first load). Same looks (ui/tabs.tsx's classes)
// and the WAI-ARIA tabs pattern Radix follows: tablist/tab/tabpanel with aria-selected,
// aria-controls and aria-labelledby, one tab in the Tab order, Arrow keys (wrapping), Home
// and End move and select (automatic activation), data-state for the styles.
import { createContext, useContext, useId, useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../../lib/cn";

interface Ctx {
  value: string;
  select: (value: string) => void;
  id: (part: "trigger" | "content", value: string) => string;
}
const TabsContext = createContext<Ctx | null>(null);
const useTabs = () => {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error("Tabs parts belong inside <Tabs>");
  return ctx;
};

export function Tabs({ value, onValueChange, children }: { value: string; onValueChange: (value: string) => void; children: ReactNode }) {
  const base = useId();
  const ctx: Ctx = { value, select: onValueChange, id: (part, v) => `${base}-${part}-${v}` };
  return (
    <TabsContext.Provider value={ctx}>
      <div data-orientation="horizontal">{children}</div>
    </TabsContext.Provider>
  );
}

export function TabsList({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    tab.focus();
    tab.click();
  };
  return (
    <div
      ref={ref}
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className={cn("flex max-w-full gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-slate-100 p-1", className)}
      {...rest}
    >
      {children}
    </div>
  );
}

export function TabsTrigger({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id("trigger", value)}
      aria-selected={active}
      aria-controls={tabs.id("content", value)}
      data-state={active ? "active" : "inactive"}
      tabIndex={active ? 0 : -1}
      // as Radix: a left press selects at once, a keyboard's Enter/Space through click
      onMouseDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) tabs.select(value);
      }}
      onClick={() => tabs.select(value)}
      className={cn(
        "inline-flex min-h-11 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700",
        "hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm",
        className,
      )}
    >
      {children}
    </button>
  );
}

/** A panel; `forceMount` keeps an inactive one in the page (hide it with data-[state=inactive]). */
export function TabsContent({ value, forceMount, className, children }: { value: string; forceMount?: boolean; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  if (!active && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.id("content", value)}
      aria-labelledby={tabs.id("trigger", value)}
      data-state={active ? "active" : "inactive"}
      tabIndex={0}
      className={cn("mt-4 focus-visible:outline-2", className)}
    >
      {children}
    </div>
  );
}
