import type { NormalizedEvent } from "@answerscope/contracts";
import { deadLetter, ok, type StepResult } from "../result";

/** An HTTP key writes for one tenant only; an event for another tenant is `forbidden` (docs/api.md). */
export function authorizeTenantStep(
  event: NormalizedEvent,
  keyTenant: string | undefined,
): StepResult<NormalizedEvent> {
  if (keyTenant === undefined || event.tenant_id === keyTenant) return ok(event);
  return deadLetter(
    "forbidden",
    `event is for tenant ${JSON.stringify(event.tenant_id)}, the key belongs to another tenant`,
  );
}
