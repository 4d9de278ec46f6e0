import type { Page } from "playwright-core";

/**
 * What is wrong with the page's layout at its current viewport, in words (empty: nothing): the page
 * scrolling sideways, and any panel, chart, figure, filter bar or displayed nav link reaching past
 * the viewport's left or right edge. Content inside a table's own scroll area may be wider: it
 * scrolls there, not the page.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const scrollWidth = document.scrollingElement!.scrollWidth;
    if (scrollWidth > width)
      problems.push(`the page scrolls sideways: scrollWidth ${scrollWidth} > innerWidth ${width}`);
    const name = (element: Element) =>
      ["data-panel", "data-chart", "data-kpi", "aria-label"]
        .map((attribute) => element.getAttribute(attribute))
        .find(Boolean) ?? `${element.className}: ${(element.textContent ?? "").trim().slice(0, 30)}`;
    for (const element of document.querySelectorAll(
      ".panel, figure, [data-kpi], .filter-bar, .nav-link, .login-page",
    )) {
      if (element.closest(".table-scroll")) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not displayed (a folded navigation)
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(
          `${name(element)} spans x ${Math.round(box.left)}..${Math.round(box.right)}, the viewport 0..${width}`,
        );
    }
    return problems;
  });
}

/**
 * The header's controls (brand, nav button and links) and the view title's (heading, tenant, log out,
 * whatever else is there): each displayed one must lie inside the viewport, be the element actually
 * drawn at its own centre (not covered by another), and overlap no other. Returns the problems in words.
 */
export function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const controls = [
      ...document.querySelectorAll(
        ".app-header a, .app-header button, .view-title h1, .view-title a, .view-title button, .view-title select, .view-title [data-role]",
      ),
    ]
      .map((element) => ({
        element,
        box: element.getBoundingClientRect(),
        name: `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}"`,
      }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    if (controls.length === 0) problems.push("no header controls found");
    for (const { element, box, name } of controls) {
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(`${name} spans x ${Math.round(box.left)}..${Math.round(box.right)}, the viewport 0..${width}`);
      const drawn = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!drawn || !(element.contains(drawn) || drawn.contains(element)))
        problems.push(
          `${name} is covered by ${drawn ? `${drawn.tagName.toLowerCase()} "${(drawn.textContent ?? "").trim().slice(0, 30)}"` : "nothing (off screen)"}`,
        );
    }
    for (const [index, a] of controls.entries()) {
      for (const b of controls.slice(index + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const overlapX = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const overlapY = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (overlapX > 1 && overlapY > 1) problems.push(`${a.name} overlaps ${b.name}`);
      }
    }
    return problems;
  });
}
