// "Send Available Loads Email" header button (spec §2; §7 POST
// /api/admin/send-available-loads-email → {successCount, totalLoads}; §8 failure toast).
// It emails every approved carrier, so it asks once before sending.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import type { BulkEmailResult } from "@contract/schemas/email-schedule";
import { api, ApiError } from "../../../lib/api";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function SendLoadsEmailButton({ confirm = true }: { /** ask before sending (default) */ confirm?: boolean } = {}) {
  const [asking, setAsking] = useState(false);
  const send = useMutation({
    mutationFn: () => api.post<BulkEmailResult>("/api/admin/send-available-loads-email"),
    onSuccess: ({ successCount, totalLoads }) => {
      setAsking(false);
      if (totalLoads === 0) {
        toast.info("No Email Sent", "There are no available loads to send.");
        return;
      }
      toast.success("Email Sent", `Sent to ${plural(successCount, "carrier", "carriers")} (${plural(totalLoads, "load", "loads")})`);
    },
    onError: (e) => {
      setAsking(false);
      toast.error("Failed to send available loads email", e instanceof ApiError ? e.serverMessage : undefined);
    },
  });

  return (
    <>
      <Button variant="outline" loading={send.isPending} onClick={() => (confirm ? setAsking(true) : send.mutate())}>
        {!send.isPending && <Mail className="h-4 w-4" aria-hidden="true" />}
        Send Available Loads Email
      </Button>
      {confirm && (
        <Dialog
          open={asking}
          onOpenChange={(o) => !send.isPending && setAsking(o)}
          title="Send Available Loads Email"
          description="Every approved carrier receives one email listing all loads that are available now."
          footer={
            <>
              <Button variant="outline" onClick={() => setAsking(false)} disabled={send.isPending}>
                Cancel
              </Button>
              <Button onClick={() => send.mutate()} loading={send.isPending}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                Send Email
              </Button>
            </>
          }
        />
      )}
    </>
  );
}
