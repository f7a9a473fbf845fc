// Schedule Email settings dialog (from the admin header): HH:MM 24-hour, Save
// disabled when enabled + weekly + no day, daysOfWeek sent empty unless weekly;
// a toast when saving fails; UK time, weekdays only.
import { useEffect, useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DAYS_OF_WEEK, type DayOfWeek } from "@contract/constants";
import { emailScheduleSchema, isWeekendOnly, type EmailScheduleInput, type EmailScheduleSettings } from "@contract/schemas/email-schedule";
import { MSG } from "@contract/messages";
import { api, ApiError } from "../../../lib/api";
import { formatAdminDateTime } from "../../../lib/format";
import { SettingsButtons, SettingsDialog, type SettingsWords } from "../../../components/settings-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Checkbox } from "../../../components/ui/checkbox";
import { toast } from "../../../components/ui/toast";

export interface EmailScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const EMAIL_SCHEDULE_KEY = ["/api/admin/email-schedule-settings"] as const;

const DAY_LABEL: Record<DayOfWeek, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

const DEFAULTS: EmailScheduleInput = { enabled: false, frequency: "daily", time: "09:00", daysOfWeek: [] };

export function EmailScheduleDialog({ open, onOpenChange }: EmailScheduleDialogProps) {
  const settings = useQuery({
    queryKey: EMAIL_SCHEDULE_KEY,
    queryFn: () => api.get<EmailScheduleSettings>("/api/admin/email-schedule-settings"),
    enabled: open,
  });

  return <SettingsDialog open={open} onOpenChange={onOpenChange} words={WORDS} settings={settings} Form={ScheduleForm} />;
}

const WORDS: SettingsWords = {
  title: "Schedule Email",
  description: "Email the list of available loads to every approved carrier automatically.",
  failure: "Could not load the schedule settings.",
};

function ScheduleForm({ saved: settings, onDone }: { saved: EmailScheduleSettings; onDone: () => void }) {
  const qc = useQueryClient();
  const ids = useId();
  const form = useForm<EmailScheduleInput>({ resolver: zodResolver(emailScheduleSchema), defaultValues: DEFAULTS, mode: "onChange" });
  const { errors } = form.formState;

  // the dialog opens with what is saved
  useEffect(() => {
    form.reset({ enabled: settings.enabled, frequency: settings.frequency, time: settings.time, daysOfWeek: settings.daysOfWeek });
  }, [settings, form]);

  const [enabled, frequency, days] = useWatch({ control: form.control, name: ["enabled", "frequency", "daysOfWeek"] });
  const weekly = frequency === "weekly";
  const noDay = enabled && weekly && days.length === 0;
  // weekdays only: an enabled weekly schedule of only Saturday/Sunday would never send,
  // so it is refused in the contract's words (the API says the same)
  const weekendOnly = weekly && isWeekendOnly(days);
  const neverSends = enabled && weekendOnly;

  const save = useMutation({
    mutationFn: (v: EmailScheduleInput) => api.put<EmailScheduleSettings>("/api/admin/email-schedule-settings", v),
    onSuccess: (saved) => {
      qc.setQueryData(EMAIL_SCHEDULE_KEY, saved);
      toast.success("Schedule Updated", saved.enabled ? "The available loads email schedule was saved." : "Scheduled emails are turned off.");
      onDone();
    },
    onError: (e) => toast.error("Failed to update schedule settings", e instanceof ApiError ? e.serverMessage : undefined),
  });

  // daysOfWeek sent empty unless weekly
  const submit = form.handleSubmit((v) =>
    save.mutate({ ...v, daysOfWeek: v.frequency === "weekly" ? DAYS_OF_WEEK.filter((d) => v.daysOfWeek.includes(d)) : [] }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Checkbox
            checked={field.value}
            onCheckedChange={(c) => field.onChange(c === true)}
            label="Send the available loads email automatically"
            labelClassName="font-medium"
          />
        )}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Frequency</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["daily", "weekly"] as const).map((f) => (
            <label
              key={f}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40"
            >
              <input type="radio" value={f} className="h-4 w-4 accent-brand-800" {...form.register("frequency")} />
              {f === "daily" ? "Daily" : "Weekly"}
            </label>
          ))}
        </div>
      </fieldset>

      {weekly && (
        <fieldset className="space-y-1" aria-describedby={noDay || weekendOnly ? `${ids}-days-note` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Days</legend>
          <Controller
            control={form.control}
            name="daysOfWeek"
            render={({ field }) => (
              <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
                {DAYS_OF_WEEK.map((d) => (
                  <Checkbox
                    key={d}
                    checked={field.value.includes(d)}
                    onCheckedChange={(c) => field.onChange(c === true ? [...field.value, d] : field.value.filter((x) => x !== d))}
                    label={DAY_LABEL[d]}
                  />
                ))}
              </div>
            )}
          />
          {noDay ? (
            <p id={`${ids}-days-note`} className="text-sm text-red-700" role="alert">
              Select at least one day for a weekly schedule
            </p>
          ) : neverSends ? (
            <p id={`${ids}-days-note`} className="text-sm text-red-700" role="alert">
              {MSG.weekendOnlySchedule}
            </p>
          ) : weekendOnly ? (
            <p id={`${ids}-days-note`} className="text-sm text-amber-800">
              Saturday and Sunday are skipped: the email is sent on weekdays only.
            </p>
          ) : null}
        </fieldset>
      )}

      <Field label="Time (24-hour, HH:MM)" error={errors.time?.message} hint="Sent on weekdays only, UK time">
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder="09:00"
          maxLength={5}
          className="max-w-32 tabular-nums"
          {...form.register("time")}
        />
      </Field>

      <p className="text-sm text-slate-600">
        Last sent: {settings.lastSentAt ? formatAdminDateTime(settings.lastSentAt) : "Never"}
      </p>

      <SettingsButtons onCancel={onDone} pending={save.isPending} disabled={noDay || neverSends} />
    </form>
  );
}
