/**
 * Where a JSON path of a server error ("template.configurable_options.0.type", "name",
 * "non_field_errors") is in the JSON text the editor holds, so its message can be shown at that
 * line. Pure and small: a position-recording reader of valid JSON, no editor needed.
 */

export type Range = { from: number; to: number };

type Node =
  | { kind: "object"; from: number; to: number; members: Map<string, { key: Range; value: Node }> }
  | { kind: "array"; from: number; to: number; items: Node[] }
  | { kind: "scalar"; from: number; to: number };

/** Paths that are about the whole document (no field of it). */
const DOCUMENT_PATHS = new Set(["", "non_field_errors"]);

class Reader {
  index = 0;
  constructor(readonly text: string) {}

  space() {
    while (/\s/.test(this.text[this.index] ?? "")) this.index++;
  }

  expect(char: string) {
    this.space();
    if (this.text[this.index] !== char) throw new SyntaxError(`Expected ${char} at ${this.index}`);
    this.index++;
  }

  string(): Range & { value: string } {
    this.space();
    const from = this.index;
    const match = /^"(?:[^"\\]|\\.)*"/s.exec(this.text.slice(from));
    if (!match) throw new SyntaxError(`Expected a string at ${from}`);
    this.index += match[0].length;
    return { from, to: this.index, value: JSON.parse(match[0]) as string };
  }

  value(): Node {
    this.space();
    const from = this.index;
    const char = this.text[from];
    if (char === "{") return this.object();
    if (char === "[") return this.array();
    if (char === '"') return { kind: "scalar", ...this.string() };
    const match = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(from));
    if (!match) throw new SyntaxError(`Unexpected ${char ?? "end"} at ${from}`);
    this.index += match[0].length;
    return { kind: "scalar", from, to: this.index };
  }

  object(): Node {
    const from = this.index;
    this.index++;
    const members = new Map<string, { key: Range; value: Node }>();
    this.space();
    if (this.text[this.index] === "}") {
      this.index++;
      return { kind: "object", from, to: this.index, members };
    }
    for (;;) {
      const key = this.string();
      this.expect(":");
      members.set(key.value, { key: { from: key.from, to: key.to }, value: this.value() });
      this.space();
      if (this.text[this.index] === ",") {
        this.index++;
        continue;
      }
      this.expect("}");
      return { kind: "object", from, to: this.index, members };
    }
  }

  array(): Node {
    const from = this.index;
    this.index++;
    const items: Node[] = [];
    this.space();
    if (this.text[this.index] === "]") {
      this.index++;
      return { kind: "array", from, to: this.index, items };
    }
    for (;;) {
      items.push(this.value());
      this.space();
      if (this.text[this.index] === ",") {
        this.index++;
        continue;
      }
      this.expect("]");
      return { kind: "array", from, to: this.index, items };
    }
  }
}

/** The first character of a node (the opening bracket of an object or array, the whole scalar). */
const headOf = (node: Node): Range =>
  node.kind === "scalar" ? { from: node.from, to: node.to } : { from: node.from, to: node.from + 1 };

/**
 * The range to mark for `path` in `text`: the key of an object member, an array item (a scalar
 * whole, an object or array by its opening bracket). A path that goes further than the text
 * (a missing field: "Required") marks the deepest part that exists — the parent's key. null when
 * the text is not valid JSON; the document's start for non_field_errors.
 */
export function locateJsonPath(text: string, path: string): Range | null {
  let root: Node;
  try {
    const reader = new Reader(text);
    root = reader.value();
    reader.space();
    if (reader.index !== text.length) return null;
  } catch {
    return null;
  }
  if (DOCUMENT_PATHS.has(path)) return headOf(root);
  let node = root;
  let mark = headOf(root);
  for (const segment of path.split(".")) {
    if (node.kind === "object") {
      const member = node.members.get(segment);
      if (!member) return mark;
      node = member.value;
      mark = member.key;
    } else if (node.kind === "array" && /^\d+$/.test(segment)) {
      const item = node.items[Number(segment)];
      if (!item) return mark;
      node = item;
      mark = headOf(item);
    } else {
      return mark;
    }
  }
  return mark;
}

/** The 1-based line of an offset in `text`. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < Math.min(offset, text.length); i++) if (text[i] === "\n") line++;
  return line;
}

/** A document as the editor shows it: two-space indented JSON. */
export const formatJson = (value: unknown) => JSON.stringify(value, null, 2);
