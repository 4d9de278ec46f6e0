import { upgradeLegacyLink } from "@/lib/legacy-links";
import { VIEWS } from "@/lib/routes";

/**
 * The negative-feedback view's first address, still in alert notifications sent before the view
 * was `/feedback`: a permanent redirect there, the query kept (renamed parameters translated).
 * The Location is a path, so it holds behind a proxy that rewrites the host.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  return new Response(null, {
    status: 308,
    headers: { location: upgradeLegacyLink(url.pathname, url.searchParams) ?? VIEWS.feedback.path },
  });
}
