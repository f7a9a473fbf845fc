// Carriers tab (spec §2): one row per company, at most two contacts and "+N more",
// accepted loads, earnings, last activity and earliest join date, as the server groups them.
import { formatAdminDateTime, formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { useCarriers } from "../api/queries";
import { EmptyRow, ListError, SkeletonRows, TableShell } from "./loads-table";

const HEADERS = [
  { label: "Carrier Company" },
  { label: "Contacts" },
  { label: "Emails" },
  { label: "Accepted Loads", className: "text-right" },
  { label: "Total Earnings", className: "text-right" },
  { label: "Last Activity" },
  { label: "Joined" },
];

export function CarriersTab() {
  const carriers = useCarriers();
  if (carriers.error && !carriers.data) return <ListError what="carriers" onRetry={() => void carriers.refetch()} />;
  return (
    <TableShell caption="Carriers" headers={HEADERS}>
      {carriers.isLoading ? (
        <SkeletonRows cols={HEADERS.length} />
      ) : !carriers.data?.length ? (
        <EmptyRow cols={HEADERS.length} text="No carriers found in the system." />
      ) : (
        carriers.data.map((c) => {
          const more = c.moreContacts > 0 ? <span className="block text-xs text-slate-600">+{c.moreContacts} more</span> : null;
          return (
            <tr key={c.carrierName} className="border-t border-slate-100 align-top hover:bg-slate-50">
              <td className="sticky left-0 z-[1] bg-white px-2 py-2 font-medium text-slate-900">{c.carrierName}</td>
              <td className="px-2 py-2">
                {c.contacts.length ? c.contacts.map((p) => <span key={p.email} className="block">{p.name}</span>) : "—"}
                {more}
              </td>
              <td className="px-2 py-2">
                {c.contacts.length
                  ? c.contacts.map((p) => (
                      <a key={p.email} href={`mailto:${p.email}`} className="block text-brand-700 underline-offset-2 hover:underline">
                        {p.email}
                      </a>
                    ))
                  : "—"}
                {more}
              </td>
              <td className="tabular px-2 py-2 text-right">{formatNumber(c.acceptedLoads)}</td>
              <td className="tabular px-2 py-2 text-right">{formatMoney(c.totalEarnings)}</td>
              <td className="tabular whitespace-nowrap px-2 py-2">{formatAdminDateTime(c.lastActivity)}</td>
              <td className="tabular whitespace-nowrap px-2 py-2">{formatDate(c.joinedAt)}</td>
            </tr>
          );
        })
      )}
    </TableShell>
  );
}
