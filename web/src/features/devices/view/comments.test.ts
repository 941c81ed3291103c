import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuthorDot } from "./author-dot";

describe("comment rows", () => {
  it("show the author's online dot (account_online): green and named when online, grey when not", () => {
    const on = renderToStaticMarkup(createElement(AuthorDot, { online: true, label: "Online" }));
    expect(on).toContain('aria-label="Online"');
    expect(on).toContain('data-online="true"');
    expect(on).toContain("bg-success");
    const off = renderToStaticMarkup(createElement(AuthorDot, { online: false, label: "Offline" }));
    expect(off).toContain('aria-label="Offline"');
    expect(off).not.toContain("bg-success");
  });
});
