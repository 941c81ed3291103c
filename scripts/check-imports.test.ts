import { describe, expect, it } from "vitest";
import { violations } from "./check-imports.ts";

describe("import directions between the top-level folders", () => {
  it("names each forbidden edge, type imports and aliases included", () => {
    const files = new Map([
      [
        "web/src/a.ts",
        'import { x } from "../../worker/services/x.ts";\nimport { y } from "@contracts/devices/values";',
      ],
      ["contracts/b.ts", 'import type { B } from "../web/src/b";'],
      ["agent/c.ts", 'import { c } from "../contracts/c.ts";\nconst d = await import("../scripts/d.ts");'],
      ["worker/e.ts", 'import { e } from "../drizzle/schema/e.ts";\n// import { f } from "../web/src/f.ts";'],
      ["scripts/g.ts", 'import { g } from "../worker/g.ts";'],
    ]);
    expect(violations(files)).toEqual([
      { file: "web/src/a.ts", imports: "worker/services/x.ts" },
      { file: "contracts/b.ts", imports: "web/src/b" },
      { file: "agent/c.ts", imports: "scripts/d.ts" },
    ]);
  });
});
