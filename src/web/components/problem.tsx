// A page part that could not be read: the reason, and Retry when asking again may help
// (the company page, the insight page, the scorecards). Tables say it in a row instead
// (table-states.tsx).
import { Button } from "./ui/button";

export function Problem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{text}</p>
      {onRetry && (
        <Button variant="outline" className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
