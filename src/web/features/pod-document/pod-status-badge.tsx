// POD status word and colour (Pending, Partial, Complete), computed
// only by podStatus() in the contract.
import { podStatus, type PodStatus } from "@contract/schemas/pod";
import { Badge, type BadgeTone } from "../../components/ui/badge";

const TONE: Record<PodStatus, BadgeTone> = { Pending: "slate", Partial: "amber", Complete: "emerald" };

export function PodStatusBadge({ load }: { load: Parameters<typeof podStatus>[0] }) {
  const status = podStatus(load);
  return <Badge tone={TONE[status]}>{status}</Badge>;
}
