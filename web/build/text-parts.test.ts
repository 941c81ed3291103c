import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  consoleModules,
  englishParts,
  missingParts,
  partsUsed,
  staticImports,
  type TextPart,
  unusedPartImports,
} from "./text-parts";

const parts = englishParts();
type Texts = Record<string, string>;
const locales = fileURLToPath(new URL("../src/lib/i18n/locales/", import.meta.url));
/** A locale module's exports, loaded the way the console loads it (this project's tsc for web/build does not read web/src). */
const load = async (name: string) => (await import(/* @vite-ignore */ `${locales}${name}`)) as Record<string, Texts>;
const partModules = new Map<string, Record<string, Texts>>();
let en: Texts = {};
let english: Texts = {};
let hr: Texts = {};

beforeAll(async () => {
  for (const part of parts) partModules.set(part.file, await load(part.file.replace(/^.*[\\/]/, "")));
  en = (await load("en.ts")).en ?? {};
  english = (await load("english.ts")).english ?? {};
  hr = (await load("hr.ts")).hr ?? {};
});

describe("English in parts (web/build/text-parts.ts)", () => {
  it("reads each part's keys as its module defines them", () => {
    expect(parts.length).toBeGreaterThan(15);
    for (const part of parts) {
      const [texts] = Object.values(partModules.get(part.file) ?? {});
      expect(part.keys.sort(), part.file).toEqual(Object.keys(texts ?? {}).sort());
    }
  });

  it("gives every key one home: the texts every page needs, or one part", () => {
    const homes = new Map<string, string>(Object.keys(en).map((key) => [key, "en.ts"]));
    for (const part of parts) {
      for (const key of part.keys) {
        expect(homes.get(key), `${key} in ${part.file}`).toBeUndefined();
        homes.set(key, part.file);
      }
    }
    // With every part loaded (beforeAll), English has every key Croatian translates.
    for (const key of Object.keys(hr)) expect(english, key).toHaveProperty([key]);
  });

  it("every module loads the parts whose keys it names, and imports no part it does not use", () => {
    expect(consoleModules().length).toBeGreaterThan(300);
    expect(missingParts()).toEqual([]);
    expect(unusedPartImports()).toEqual([]);
  });

  describe("the check", () => {
    // A small tree: a part, a module importing it, one using it through that module, one using it without.
    const dir = mkdtempSync(join(tmpdir(), "text-parts-"));
    mkdirSync(join(dir, "locales"));
    const partFile = join(dir, "locales", "en-wall.ts");
    writeFileSync(
      partFile,
      'export const enWall = englishPart({\n  "wall.title": "Fleet wall",\n  "wall.total.online": "Online",\n} as const);\n',
    );
    const write = (name: string, source: string) => {
      writeFileSync(join(dir, name), source);
      return join(dir, name);
    };
    const direct = write("direct.tsx", 'import "./locales/en-wall";\nexport const title = (t) => t("wall.title");\n');
    const through = write(
      "through.tsx",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source text, with a template literal in it
      'import { title } from "./direct";\nexport const x = (t) => t(`wall.total.${"online"}`);\n',
    );
    const lazy = write(
      "lazy.tsx",
      'const page = () => import("./direct");\nexport const y = (t) => t("wall.title");\n',
    );
    const typeOnly = write(
      "type-only.tsx",
      'import { type Title } from "./direct";\nexport const z = (t) => t("wall.title");\n',
    );
    const unused = write("unused.tsx", 'import "./locales/en-wall";\nexport const n = 1;\n');
    const wall: TextPart[] = [{ file: partFile, keys: ["wall.title", "wall.total.online"] }];

    it("finds quoted keys and the parts under a template's head", () => {
      expect([...partsUsed('t("wall.title")', wall).keys()]).toEqual([partFile]);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, with a template literal in it
      expect([...partsUsed("t(`wall.total.${status}`)", wall).values()]).toEqual(["wall.total.…"]);
      expect(partsUsed('t("walls.title"); "wall"', wall).size).toBe(0);
    });

    it("follows static imports, not lazy or type-only ones", () => {
      expect(staticImports(direct)).toEqual([partFile]);
      expect(staticImports(lazy)).toEqual([]);
      expect(staticImports(typeOnly)).toEqual([]);
      const missing = missingParts([direct, through, lazy, typeOnly, unused], wall).map((m) => m.module);
      expect(missing.map((m) => m.replace(/^.*[\\/]/, ""))).toEqual(["lazy.tsx", "type-only.tsx"]);
      const extra = unusedPartImports([direct, through, unused], wall).map((m) => m.module.replace(/^.*[\\/]/, ""));
      expect(extra).toEqual(["unused.tsx"]);
    });
  });
});
