// The PODs this phone holds, at the top of the board: each one
// waiting to send, and each one the server refused, with its reason (never
// silently dropped: the driver discards it, or opens the load's POD form, which
// is filled from it, and sends it again). Loaded after the board's first paint.
import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CloudOff, XCircle } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useAuth } from "../../../lib/use-auth";
import { touchedByPod } from "../api";
import { countQueued, listQueued, OUTBOX_CHANNEL, removeQueued, type OutboxMessage, type QueuedPod } from "./outbox";
import { WAITING_BADGE } from "./background";
import { setWaitingLoads } from "./waiting-loads";
import { notePodsQueued } from "./outbox-flag";

export function PodOutboxPanel() {
  const userId = useAuth().user?.id;
  const queryClient = useQueryClient();
  const [pods, setPods] = useState<QueuedPod[]>([]);
  const [sending, setSending] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const all = await listQueued();
      // the flag covers every entry (a stop's time too), not only the PODs shown here
      notePodsQueued((await countQueued()) > 0);
      const mine = all.filter((p) => p.userId === userId);
      setPods(mine);
      setWaitingLoads(mine.filter((p) => p.state === "waiting").map((p) => p.loadId));
    } catch {
      // no IndexedDB: nothing can be queued either
    }
  }, [userId]);

  useEffect(() => {
    void refresh();
    if (typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(OUTBOX_CHANNEL);
    ch.onmessage = (e: MessageEvent<OutboxMessage>) => {
      void refresh();
      if (e.data.type === "sent") {
        void queryClient.invalidateQueries({ predicate: touchedByPod });
        toast.success(`POD for Load #${e.data.loadNumber} sent`);
      } else if (e.data.type === "refused") {
        // the load changed under the POD (reset, reassigned): show it as it is now
        void queryClient.invalidateQueries({ predicate: touchedByPod });
        toast.error(`POD for Load #${e.data.loadNumber} not sent`, e.data.reason);
      }
    };
    return () => ch.close();
  }, [refresh, queryClient]);

  if (pods.length === 0) return null;
  return (
    <section aria-labelledby="pod-outbox-heading" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <h2 id="pod-outbox-heading" className="font-semibold">
        Proof of delivery on this phone
      </h2>
      <ul className="space-y-2">
        {pods.map((p) => (
          <li key={p.id} className="flex flex-col gap-2 rounded-lg bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2 text-sm">
              {p.state === "refused" ? <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-hidden="true" /> : <CloudOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
              <span>
                <span className="font-medium">Load #{p.loadNumber}: </span>
                {p.state === "refused" ? `not sent. ${p.reason ?? ""}` : `${WAITING_BADGE}${p.reason ? `. ${p.reason}` : ""}`}
              </span>
            </p>
            {p.state === "refused" ? (
              <Button variant="outline" size="sm" onClick={() => void removeQueued(p.id)} aria-label={`Discard the POD for Load #${p.loadNumber}`}>
                Discard
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                loading={sending}
                onClick={async () => {
                  setSending(true);
                  try {
                    const { flushOutbox } = await import("./send");
                    const r = await flushOutbox();
                    if (r.waiting > 0) toast.info("Still no signal: it will send by itself when there is.");
                  } finally {
                    setSending(false);
                  }
                }}
              >
                Send now
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
