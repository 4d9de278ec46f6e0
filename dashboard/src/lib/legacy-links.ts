import { LEGACY_PARAMS, LEGACY_PATHS } from "./routes";

/**
 * Where an old link belongs now: the current path for an old one, the current name of each
 * renamed parameter (values and everything else kept, in order); null when the link is current.
 */
export function upgradeLegacyLink(pathname: string, query: URLSearchParams): string | null {
  const path = Object.hasOwn(LEGACY_PATHS, pathname) ? LEGACY_PATHS[pathname]! : pathname;
  const renamed = [...query.keys()].some((name) => Object.hasOwn(LEGACY_PARAMS, name));
  if (path === pathname && !renamed) return null;
  const upgraded = new URLSearchParams();
  for (const [name, value] of query)
    upgraded.append(Object.hasOwn(LEGACY_PARAMS, name) ? LEGACY_PARAMS[name]! : name, value);
  const search = upgraded.toString();
  return search ? `${path}?${search}` : path;
}
