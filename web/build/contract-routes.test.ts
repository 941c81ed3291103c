import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isRouteModule, routeModuleSource } from "./contract-routes";

const contractsDir = fileURLToPath(new URL("../../contracts/", import.meta.url));
const routeModules = readdirSync(contractsDir, { recursive: true, encoding: "utf8" })
  .map((name) => `${contractsDir}${name}`)
  .filter((id) => isRouteModule(id, contractsDir));

const isRoute = (value: unknown): value is { method: string; path: string } =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value;

/** The browser view's exports, by evaluating its source as a module. */
async function viewOf(source: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`)) as Record<
    string,
    unknown
  >;
}

describe("the browser build's view of contracts/api (web/build/contract-routes.ts)", () => {
  it("keeps every route's method and path, and imports nothing (no zod, no schema)", async () => {
    expect(routeModules.length).toBeGreaterThan(15);
    let routes = 0;
    for (const id of routeModules) {
      const real = (await import(/* @vite-ignore */ id)) as Record<string, unknown>;
      const source = routeModuleSource(real);
      expect(source, id).not.toMatch(/\bimport\b/);
      const view = await viewOf(source);
      for (const [name, value] of Object.entries(real)) {
        if (isRoute(value)) {
          routes += 1;
          expect(view[name], `${id} ${name}`).toEqual({ method: value.method, path: value.path });
        } else if (
          typeof value === "object" &&
          value !== null &&
          Object.keys(value).length > 0 &&
          Object.values(value).every(isRoute)
        ) {
          const group = Object.fromEntries(
            Object.entries(value).map(([key, route]) => [key, { method: route.method, path: route.path }]),
          );
          expect(view[name], `${id} ${name}`).toEqual(group);
        } else {
          // A schema (DeviceParam …) is left out: importing it in the browser fails the build.
          expect(view, `${id} ${name}`).not.toHaveProperty(name);
        }
      }
    }
    expect(routes).toBeGreaterThan(100);
  });

  it("replaces route modules only, never the route helpers the views do not need", () => {
    expect(isRouteModule(`${contractsDir}devices/routes.ts`, contractsDir)).toBe(true);
    expect(isRouteModule(`${contractsDir}installation/agent-routes.ts`, contractsDir)).toBe(true);
    expect(isRouteModule(`${contractsDir}http/route.ts`, contractsDir)).toBe(false);
    expect(isRouteModule(`${contractsDir}http/path.ts`, contractsDir)).toBe(false);
    expect(isRouteModule(`${contractsDir}devices/schema.ts`, contractsDir)).toBe(false);
  });
});
