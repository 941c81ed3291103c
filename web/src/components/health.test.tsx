import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HealthBadge, HealthStatus } from "./health";

/** The words a sighted user sees: the markup without screen-reader-only text and tags. */
const visible = (html: string) =>
  html
    .replace(/<span class="[^"]*sr-only[^"]*">[^<]*<\/span>/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();

describe("health code 1 (console.md §4: an icon but no label)", () => {
  it("shows no visible word, only an icon named 'Not measured' for assistive technology", () => {
    for (const html of [
      renderToStaticMarkup(<HealthStatus code={1} />),
      renderToStaticMarkup(<HealthBadge code={1} />),
    ]) {
      expect(visible(html)).toBe("");
      expect(html).toContain("Not measured");
      expect(html).toContain("<svg");
    }
  });
  it("other codes keep their visible label", () => {
    expect(visible(renderToStaticMarkup(<HealthStatus code={2} />))).toBe("Warning");
    expect(visible(renderToStaticMarkup(<HealthBadge code={3} />))).toBe("Critical");
  });
});
