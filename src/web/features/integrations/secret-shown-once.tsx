// What another system needs to call us or check us (an API token, a webhook's
// signing secret), shown this once: the server keeps only a hash, so the dialog
// says so plainly, offers Copy, and selects the text where there is no clipboard.
import { useRef, useState } from "react";
import { Copy, TriangleAlert } from "lucide-react";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";

/** The words of each kind of secret: what it is, how it is used, and what to do when it is lost. */
const KINDS = {
  token: {
    title: "Copy your new API token",
    description: (name: string) => `“${name}” is ready. Systems send it as: Authorization: Bearer <token>`,
    label: "API token",
    warning: "This is the only time the token is shown. Store it somewhere safe now; if it is lost, revoke it and create another.",
    copyLabel: "Copy token",
    testId: "new-api-token",
  },
  secret: {
    title: "Copy the signing secret",
    description: (url: string) => `Events go to ${url}. The receiver checks each delivery's webhook-signature with this secret (Standard Webhooks).`,
    label: "Signing secret",
    warning: "This is the only time the secret is shown. If it is lost, delete the webhook and add it again.",
    copyLabel: "Copy secret",
    testId: "new-webhook-secret",
  },
} as const;

/**
 * `kind`: an API token (`about` its name) or a webhook's signing secret (`about`
 * its URL); `value`: the token or secret itself.
 */
export function SecretShownOnceDialog({
  kind,
  about,
  value,
  open,
  onOpenChange,
}: {
  kind: keyof typeof KINDS;
  about: string;
  value: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const words = KINDS[kind];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={words.title} description={words.description(about)} footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}>
      <SecretPanel value={value} words={words} />
    </Dialog>
  );
}

/** The value, its Copy button and the warning that it will not be shown again. */
function SecretPanel({ value, words }: { value: string; words: (typeof KINDS)[keyof typeof KINDS] }) {
  const { label, warning, copyLabel, testId } = words;
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      // no clipboard (plain http, permissions): select it for Ctrl+C
      input.current?.select();
      setCopied("no");
    }
  }
  return (
    <div className="space-y-3">
      <div role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>{warning}</p>
      </div>
      <Field label={label}>
        <Input ref={input} readOnly value={value} className="font-mono text-sm" onFocus={(e) => e.currentTarget.select()} data-testid={testId} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          {copyLabel}
        </Button>
        <span role="status" className="text-sm text-slate-600">
          {copied === "yes" ? "Copied to the clipboard" : copied === "no" ? "Selected: press Ctrl+C (⌘C) to copy" : ""}
        </span>
      </div>
    </div>
  );
}
