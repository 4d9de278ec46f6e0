/** The template's `{name}` values when `pathname` matches it, else undefined. */
export function matchPath(template: string, pathname: string): Record<string, string> | undefined {
  if (!template.includes("{")) return template === pathname ? {} : undefined;
  const want = template.split("/");
  const have = pathname.split("/");
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index]!;
    const name = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment)?.[1];
    if (name === undefined) {
      if (segment !== actual) return undefined;
      continue;
    }
    if (actual === "") return undefined;
    try {
      params[name] = decodeURIComponent(actual);
    } catch {
      return undefined; // malformed %-escape: no route rather than a crash
    }
  }
  return params;
}
