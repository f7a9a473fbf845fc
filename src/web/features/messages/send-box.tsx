// The send box under a thread: plain text, a live character counter, Enter
// sends and Shift+Enter starts a new line (or the Send button); a refusal is
// shown under the box and the text stays for another try.
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Send } from "lucide-react";
import { MESSAGE_BODY_MAX } from "@contract/schemas/message";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { usePostMessage } from "./api";
import { bodyProblem, counterText, sendErrorText, sendsOnKey } from "./message-words";

export function SendBox({ loadId, companyId, companyName }: { loadId: string; companyId?: string; companyName: string }) {
  const id = useId();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const post = usePostMessage(loadId);
  const over = body.length > MESSAGE_BODY_MAX;

  const send = () => {
    if (post.isPending) return;
    const problem = bodyProblem(body);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    post.mutate(
      { body, companyId },
      {
        onSuccess: () => setBody(""),
        onError: (err) => setError(sendErrorText(err)),
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (sendsOnKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) {
      e.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-1 border-t border-slate-200 pt-3" aria-label={`Send a message to ${companyName}`}>
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
        Message
      </label>
      <Textarea
        id={`${id}-body`}
        value={body}
        rows={3}
        onChange={(e) => {
          setBody(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ""}`}
        className="min-h-20 resize-y"
        data-testid="message-input"
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          Enter sends, Shift+Enter adds a new line.
        </p>
        <p id={`${id}-count`} className={cn("tabular text-xs", over ? "font-semibold text-red-700" : "text-slate-600")}>
          {counterText(body.length)}
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={post.isPending} className="w-full sm:w-auto">
          <Send className="h-4 w-4" aria-hidden="true" />
          Send
        </Button>
      </div>
    </form>
  );
}
