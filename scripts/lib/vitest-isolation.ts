/**
 * Vitest runs every test file in a module graph of its own by default; here that import and
 * transform work was most of the unit suites' time (without it, on 2 vCPU: workerd tests
 * 198 → 51 s, web 31 → 11 s, agent 32 → 19 s). Files that replace modules or globals (vi.mock,
 * vi.doMock, vi.stubGlobal, vi.stubEnv) do need their own graph: they are found by reading the
 * files, so a new test that mocks is isolated without anyone listing it.
 */
import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProjectInlineConfiguration } from "vitest/config";

const REPLACES_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;

/** `patterns`' test files under `root` that replace modules or globals (paths relative to `root`). */
export function filesNeedingIsolation(root: string, patterns: string[]): string[] {
  return patterns
    .flatMap((pattern) => globSync(pattern, { cwd: root }))
    .filter((file) => REPLACES_MODULES.test(readFileSync(join(root, file), "utf8")))
    .sort();
}

/**
 * Two projects over the same files: one sharing a module graph per worker, one (only when some
 * file needs it) isolating each of the files that replace modules or globals.
 */
export function isolationProjects(name: string, root: string, include: string[]): TestProjectInlineConfiguration[] {
  const isolated = filesNeedingIsolation(root, include);
  const shared: TestProjectInlineConfiguration = {
    extends: true,
    test: { name, include, exclude: ["**/node_modules/**", ...isolated], isolate: false },
  };
  if (isolated.length === 0) return [shared];
  return [shared, { extends: true, test: { name: `${name} (isolated)`, include: isolated, isolate: true } }];
}
