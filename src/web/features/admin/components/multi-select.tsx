// A filter that picks several values: a Radix menu of checkbox items, so it is
// keyboard and screen-reader operable and stays open while ticking (ui.md staff).
import { DropdownMenu } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import { cn } from "../../../lib/cn";

export interface Option {
  value: string;
  label: string;
}

export function MultiSelect({
  label,
  options,
  value,
  onChange,
  allLabel = "All",
  className,
}: {
  label: string;
  options: Option[];
  value: string[];
  onChange: (next: string[]) => void;
  allLabel?: string;
  className?: string;
}) {
  const selected = new Set(value);
  const summary =
    value.length === 0
      ? allLabel
      : value.length <= 2
        ? value.map((v) => options.find((o) => o.value === v)?.label ?? v).join(", ")
        : `${value.length} selected`;
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <span className="block text-xs font-medium text-slate-700" aria-hidden="true">
        {label}
      </span>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`${label}: ${summary}`}
          className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 hover:bg-slate-50 sm:min-h-9"
        >
          <span className="truncate">{summary}</span>
          <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 max-h-80 min-w-56 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600">{label}</DropdownMenu.Label>
            {options.length === 0 && <p className="px-2 py-2 text-sm text-slate-600">No options yet</p>}
            {options.map((o) => (
              <DropdownMenu.CheckboxItem
                key={o.value}
                checked={selected.has(o.value)}
                onCheckedChange={(on) => toggle(o.value, on === true)}
                onSelect={(e) => e.preventDefault()}
                className="flex min-h-11 cursor-pointer select-none items-center gap-2 rounded px-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-slate-100 sm:min-h-9"
              >
                <span className="flex h-4 w-4 items-center justify-center rounded border border-slate-400" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-3 w-3" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {o.label}
              </DropdownMenu.CheckboxItem>
            ))}
            {value.length > 0 && (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                <DropdownMenu.Item
                  onSelect={() => onChange([])}
                  className="flex min-h-11 cursor-pointer items-center rounded px-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 sm:min-h-9"
                >
                  Select none ({allLabel.toLowerCase()})
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
