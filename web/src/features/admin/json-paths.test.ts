import { describe, expect, it } from "vitest";
import { formatJson, lineOf, locateJsonPath } from "./json-paths";

const doc = formatJson({
  name: "Web Kiosk",
  template: {
    header: "Web Kiosk",
    configurable_options: [
      { type: "text_input", deterministic_id: "url", name: "Start page" },
      { type: "slider", deterministic_id: "zoom", name: "Zoom", possibilities: [{ value: 1 }] },
    ],
  },
  tags: ["a", 2],
});

const at = (path: string) => {
  const range = locateJsonPath(doc, path);
  return range && { text: doc.slice(range.from, range.to), line: lineOf(doc, range.from) };
};

describe("locateJsonPath", () => {
  it("finds an object member by its key", () => {
    expect(at("name")).toEqual({ text: '"name"', line: 2 });
    expect(at("template.header")).toEqual({ text: '"header"', line: 4 });
  });

  it("walks into arrays by index", () => {
    expect(at("template.configurable_options.1.type")).toEqual({ text: '"type"', line: 12 });
    expect(at("template.configurable_options.1.possibilities.0.value")).toEqual({ text: '"value"', line: 17 });
    expect(at("template.configurable_options.0")).toEqual({ text: "{", line: 6 });
    expect(at("tags.1")).toEqual({ text: "2", line: 25 });
  });

  it("marks the deepest part that exists for a missing field", () => {
    expect(at("template.description")).toEqual({ text: '"template"', line: 3 });
    expect(at("template.configurable_options.5.name")).toEqual({ text: '"configurable_options"', line: 5 });
    expect(at("name.first")).toEqual({ text: '"name"', line: 2 });
  });

  it("puts document-wide errors at the start", () => {
    expect(at("non_field_errors")).toEqual({ text: "{", line: 1 });
    expect(at("")).toEqual({ text: "{", line: 1 });
  });

  it("reads keys with escapes, compact JSON and odd spacing", () => {
    const text = '{"a\\"b":1,"c" :\n [ {"d":true} ,null]}';
    expect(locateJsonPath(text, 'a"b')).toEqual({ from: 1, to: 7 });
    const d = locateJsonPath(text, "c.0.d");
    expect(d && text.slice(d.from, d.to)).toBe('"d"');
    const item = locateJsonPath(text, "c.1");
    expect(item && text.slice(item.from, item.to)).toBe("null");
  });

  it("gives null for text that is not JSON", () => {
    expect(locateJsonPath('{ "name": }', "name")).toBeNull();
    expect(locateJsonPath('{ "a": 1 } x', "a")).toBeNull();
    expect(locateJsonPath("", "name")).toBeNull();
  });
});

describe("lineOf", () => {
  it("counts lines from 1", () => {
    expect(lineOf("a\nb\nc", 0)).toBe(1);
    expect(lineOf("a\nb\nc", 2)).toBe(2);
    expect(lineOf("a\nb\nc", 4)).toBe(3);
  });
});
