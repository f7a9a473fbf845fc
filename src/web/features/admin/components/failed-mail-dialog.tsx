// Failed Mail: the admin header button (with the number of messages
// that finally failed) and its dialog. Each failed message shows to whom, what,
// how many attempts and the error, with a Resend button; "Waiting" lists mail
// the outbox is still retrying (a mail server that is down). Cards, not a
// table, so it reads on a 390 px phone.
import { useState } from "react";
import { MailWarning, RotateCw } from "lucide-react";
import type { OutboxMail } from "@contract/schemas/mail";
import { ApiError } from "../../../lib/api";
import { formatAdminDateTime } from "../../../lib/format";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { WideDialog } from "../../../components/ui/wide-dialog";
import { useFailedMailCount, useOutboxMail, useResendMail } from "../api/mail";

const PAGE = 50;
const MAX = 200;

/** What a message is, in staff's words. */
const KIND_LABEL: Record<string, string> = {
  "available-loads": "Available loads",
  "password-reset": "Password reset",
  "password-changed": "Password changed",
  "registration-received": "Registration received",
  "registration-staff": "New registration (staff)",
  "account-approved": "Account approved",
  "account-rejected": "Account rejected",
};

export function FailedMailButton({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const count = useFailedMailCount();
  const n = count.data ?? 0;
  return (
    <>
      <Button variant="outline" onClick={() => onOpenChange(true)}>
        <MailWarning className="h-4 w-4" aria-hidden="true" />
        Failed Mail
        {n > 0 && (
          <span
            className="tabular inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white"
            aria-label={`(${n} failed)`}
          >
            {n.toLocaleString("en-GB")}
          </span>
        )}
      </Button>
      <FailedMailDialog open={open} onOpenChange={onOpenChange} />
    </>
  );
}

function FailedMailDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [view, setView] = useState<"failed" | "queued">("failed");
  const [limit, setLimit] = useState(PAGE);
  const list = useOutboxMail(view, limit, open);

  const tab = (v: "failed" | "queued", label: string) => (
    <button
      type="button"
      aria-pressed={view === v}
      onClick={() => {
        setView(v);
        setLimit(PAGE);
      }}
      className="min-h-11 border-b-2 border-transparent px-3 text-sm font-medium text-slate-600 hover:text-slate-900 aria-pressed:border-brand-800 aria-pressed:text-brand-800"
    >
      {label}
    </button>
  );

  return (
    <WideDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Failed Mail"
      description="Mail the server could not deliver. A message is retried for at least 24 hours before it is shown here."
    >
      <div className="flex border-b border-slate-200 px-5" role="group" aria-label="Show">
        {tab("failed", "Failed")}
        {tab("queued", "Waiting")}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
        {list.isPending ? (
          <Spinner label="Loading..." className="min-h-32" />
        ) : list.isError ? (
          <div className="space-y-3" role="alert">
            <p className="text-sm text-red-700">Could not load the mail.</p>
            <Button variant="outline" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.items.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">
            {view === "failed" ? "No failed mail. Every message was delivered or is still being retried." : "No mail is waiting to be sent."}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">
              {list.data.total > list.data.items.length
                ? `Showing ${list.data.items.length.toLocaleString("en-GB")} of ${list.data.total.toLocaleString("en-GB")}`
                : `${list.data.total.toLocaleString("en-GB")} ${list.data.total === 1 ? "message" : "messages"}`}
            </p>
            <ul className="space-y-3">
              {list.data.items.map((m) => (
                <MailCard key={m.id} mail={m} />
              ))}
            </ul>
            {list.data.total > list.data.items.length && limit < MAX && (
              <div className="mt-4 flex justify-center">
                <Button variant="outline" onClick={() => setLimit(Math.min(MAX, limit + PAGE))} loading={list.isFetching}>
                  Show more
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </WideDialog>
  );
}

function MailCard({ mail }: { mail: OutboxMail }) {
  const resend = useResendMail();
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-medium break-words text-slate-900">{mail.subject}</p>
          <p className="break-all text-slate-700">
            <span className="text-slate-500">To </span>
            {mail.to}
          </p>
          <p className="text-slate-600">
            {KIND_LABEL[mail.kind] ?? mail.kind} · written {formatAdminDateTime(mail.createdAt)} ·{" "}
            <span className="tabular">{mail.attempts.toLocaleString("en-GB")}</span> {mail.attempts === 1 ? "attempt" : "attempts"}
            {mail.status === "queued" && mail.nextAttemptAt && <> · next try {formatAdminDateTime(mail.nextAttemptAt)}</>}
            {mail.status === "failed" && mail.finishedAt && <> · gave up {formatAdminDateTime(mail.finishedAt)}</>}
          </p>
          {mail.lastError && <p className="break-words text-red-700">{mail.lastError}</p>}
        </div>
        {mail.status === "failed" && (
          <Button
            variant="outline"
            className="w-full shrink-0 sm:w-auto"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(mail.id, {
                // queued again, not sent yet: an info, never a success
                onSuccess: () => toast.info("Queued Again", `The message to ${mail.to} will be sent again.`),
                onError: (e) => toast.error("Could not resend the message", e instanceof ApiError ? e.serverMessage : undefined),
              })
            }
          >
            {!resend.isPending && <RotateCw className="h-4 w-4" aria-hidden="true" />}
            Resend
          </Button>
        )}
      </div>
    </li>
  );
}
