// The admin dashboard's Integrations tab, admins only: API tokens here; webhooks add their section beside them.
import { ApiTokensSection } from "./api-tokens-section";
import { WebhooksSection } from "./webhooks/webhooks-section";

export function IntegrationsTab() {
  return (
    <div className="space-y-8">
      <ApiTokensSection />
      <WebhooksSection />
    </div>
  );
}
