// Claims: the carrier company's waiting-time claims, pending first: the load and
// stop, the times and how they were backed, what was claimed, and what the office
// decided (the amount approved, or the reason). Cards on a phone, a table at a
// desk. Reached from the user menu; a claim itself is made on the booked load.
import { useEffect } from "react";
import { Link } from "wouter";
import { Timer } from "lucide-react";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/format";
import { useAuth } from "../../lib/use-auth";
import { useClaims } from "./api";
import { ClaimsList } from "./claims-list";

export const NO_CLAIMS_YET = "No claims yet. When a driver records the arrival and departure at a stop, claim the waiting time from the load's details.";

export default function MyClaimsPage() {
  const { user, isStaff } = useAuth();
  const hasCompany = !!user?.companyId;
  const list = useClaims({ limit: 500 }, hasCompany && !isStaff);

  useEffect(() => {
    document.title = "Claims";
  }, []);

  let body;
  if (isStaff) {
    body = (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        Staff decide claims in the{" "}
        <Link href="/admin" className="font-medium text-brand-700 underline underline-offset-2">
          Admin Dashboard
        </Link>
        , Claims tab.
      </p>
    );
  } else if (!hasCompany) {
    body = <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">Claims are made in your company's name. Please contact the office: staff link your account to your company.</p>;
  } else if (list.isError && !list.data) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <span>{errorMessage(list.error, "Your claims could not be loaded. Check your connection and try again.")}</span>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = <ClaimsList caption="Waiting-time claims, pending first" rows={list.data?.rows} isLoading={list.isLoading} empty={NO_CLAIMS_YET} />;
  }

  return (
    <main id="main-content" className="mx-auto max-w-6xl space-y-4 px-3 py-4 sm:px-4">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Timer className="h-6 w-6" aria-hidden="true" />
          Claims
        </h1>
        <p className="text-sm text-slate-600">Waiting time at pickup and delivery beyond the free time, paid on the load's self-billing invoice once approved.</p>
      </div>
      {body}
    </main>
  );
}
