import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EVERY_VIEW_ON_EVERY_SCREEN, useViewPages } from "./support/every-view";
import { useBrowser } from "./support/session";

// axe-core's CommonJS module carries its own source as a string, to be injected into a page.
const { source: AXE_SOURCE } = createRequire(import.meta.url)("axe-core") as { source: string };

const browser = useBrowser();
const openView = useViewPages(browser);

interface Finding {
  rule: string;
  impact: string;
  /** Whose component it lies in: charts are drawn by components/charts/. */
  where: "chart" | "page";
  target: string;
  summary: string;
}

/** axe-core's serious and critical violations on the page as drawn, one line per element. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .flatMap((violation) =>
        violation.nodes.map((node) => {
          const element = document.querySelector(node.target.join(" "));
          return {
            rule: violation.id,
            impact: violation.impact!,
            where: element?.closest("figure[data-chart]") ? ("chart" as const) : ("page" as const),
            target: node.target.join(" "),
            summary: (node.failureSummary ?? "").split("\n").slice(0, 2).join(" "),
          };
        }),
      );
  });
}

describe("every view passes axe-core without serious or critical violations", () => {
  it.each(EVERY_VIEW_ON_EVERY_SCREEN)("$title", async ({ view, screen }) => {
    const page = await openView(view, screen);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("the skip link is the first stop of every view and lands on its content", () => {
  it.each(EVERY_VIEW_ON_EVERY_SCREEN)("$title", async ({ view, screen }) => {
    const page = await openView(view, screen);
    await page.keyboard.press("Tab");
    const link = page.locator("a.skip-link");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    // Shown when focused: inside the viewport.
    const box = (await link.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    // The next stop is inside the content, past the header and its navigation.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(
        () => Boolean(document.activeElement?.closest("main")) && !document.activeElement?.closest("header.app-header"),
      ),
    ).toBe(true);
    await page.close();
  });
});
