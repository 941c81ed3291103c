/**
 * Later Tailwind utilities win over earlier ones of the same property (`cn("px-4 h-9", "px-2")` →
 * "h-9 px-2"), as tailwind-merge does, in ~1 KB instead of its 8 KB gzip on every page's first load:
 * the utility groups this console writes, not every one Tailwind has. class-merge.test.ts checks it
 * against tailwind-merge on every pair of the classes web/src writes; a class it does not know is
 * kept as it is (never dropped).
 */

/** Utilities named by a prefix that always sets the same property (longest first where they nest). */
const PREFIXES = [
  "justify-items",
  "justify-self",
  "justify",
  "items",
  "self",
  "content",
  "place-items",
  "place-self",
  "place-content",
  "inset-x",
  "inset-y",
  "inset",
  "top",
  "right",
  "bottom",
  "left",
  "start",
  "end",
  "z",
  "order",
  "col-span",
  "col-start",
  "col-end",
  "row-span",
  "row-start",
  "row-end",
  "grid-cols",
  "grid-rows",
  "grid-flow",
  "auto-cols",
  "auto-rows",
  "gap-x",
  "gap-y",
  "gap",
  "basis",
  "grow",
  "shrink",
  "px",
  "py",
  "ps",
  "pe",
  "pt",
  "pr",
  "pb",
  "pl",
  "p",
  "mx",
  "my",
  "ms",
  "me",
  "mt",
  "mr",
  "mb",
  "ml",
  "m",
  "space-x",
  "space-y",
  "size",
  "min-w",
  "min-h",
  "max-w",
  "max-h",
  "w",
  "h",
  "leading",
  "tracking",
  "line-clamp",
  "opacity",
  "cursor",
  "select",
  "pointer-events",
  "whitespace",
  "break",
  "duration",
  "ease",
  "delay",
  "origin",
  "scale",
  "rotate",
  "translate-x",
  "translate-y",
  "aspect",
  "fill",
  "scroll-mt",
  "scroll-mb",
  "scroll-my",
  "scroll-py",
  "scroll-pt",
  "scroll-pb",
  "align",
  "appearance",
  "resize",
  "snap",
  "touch",
  "columns",
  "indent",
  "underline-offset",
  "caret",
  "accent",
  "will-change",
  "transition",
  "blur",
  "drop-shadow",
  "divide-x",
  "divide-y",
  "border-spacing",
  "caption",
  "float",
  "clear",
  "box",
  "isolation",
  "mix-blend",
  "text-shadow",
];

/** Whole-word utilities that set one property. */
const WORDS: Record<string, string> = {};
const words = (group: string, list: string) => {
  for (const word of list.split(" ")) WORDS[word] = group;
};
words(
  "display",
  "block inline-block inline flex inline-flex grid inline-grid hidden contents flow-root list-item table inline-table table-cell table-row table-column table-caption table-row-group table-header-group table-footer-group table-column-group",
);
words("position", "static fixed absolute relative sticky");
words("visibility", "visible invisible collapse");
words("font-style", "italic not-italic");
words("text-decoration", "underline overline line-through no-underline");
words("text-transform", "uppercase lowercase capitalize normal-case");
words("text-overflow", "truncate text-ellipsis text-clip");
words("sr", "sr-only not-sr-only");
words("font-smoothing", "antialiased subpixel-antialiased");
words("isolation", "isolate isolation-auto");
words("flex-direction", "flex-row flex-row-reverse flex-col flex-col-reverse");
words("flex-wrap", "flex-wrap flex-wrap-reverse flex-nowrap");
words("object-fit", "object-contain object-cover object-fill object-none object-scale-down");
words("border-style", "border-solid border-dashed border-dotted border-double border-hidden border-none");
words("border-collapse", "border-collapse border-separate");
words("outline-style", "outline-none outline-hidden outline-solid outline-dashed outline-dotted outline-double");
words("text-align", "text-left text-center text-right text-justify text-start text-end");
words("text-wrap", "text-wrap text-nowrap text-balance text-pretty");
words("ring-inset", "ring-inset");
words("table-layout", "table-auto table-fixed");
words("flex", "flex-1 flex-auto flex-initial flex-none");
words("grow", "grow");
words("shrink", "shrink");
words("transition", "transition");
words("blur", "blur");
words("drop-shadow", "drop-shadow");
words("divide-x", "divide-x");
words("divide-y", "divide-y");

const SIZES = /^(\d?xs|sm|base|md|lg|\d?xl|none|inner|full)$/;
const FONT_WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/;
/** An arbitrary value that is a length (`[13px]`, `[0.4em]`, `[calc(…)]`), not a colour or an image. */
const LENGTH = /^\[(length:|[\d.]|calc\(|min\(|max\(|clamp\()/;
const NUMBER = /^(\d+(\.\d+)?|px)$/;
/** The prefixes whose value is a length, and the values they take (a scale step, a fraction, a keyword, `[…]`). */
const LENGTH_PREFIX =
  /^(p[xytrblse]?|m[xytrblse]?|inset(-[xy])?|top|right|bottom|left|start|end|gap(-[xy])?|size|[wh]|min-[wh]|max-[wh]|space-[xy]|basis|translate-[xy]|scroll-[mp][xytb]?)$/;
const SPACING =
  /^(\d+(\.\d+)?(\/\d+)?|px|auto|full|screen|dvh|svh|lvh|dvw|svw|lvw|min|max|fit|none|prose|\d?xs|sm|md|lg|\d?xl|\[.+\])$/;
/** Prefixes the console also uses for names of its own (`select-trigger`): their Tailwind values only. */
const ALIGN = /^(normal|start|end|center|between|around|evenly|stretch|baseline)(-safe)?$/;
const KEYWORDS: Record<string, RegExp> = {
  select: /^(none|text|all|auto)$/,
  justify: ALIGN,
  "justify-items": ALIGN,
  "justify-self": /^(auto|start|end|center|stretch)(-safe)?$/,
  content: ALIGN,
};
const SIDE = /^(x|y|t|r|b|l|s|e)$/;
const CORNER = /^(t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee)$/;

/** The property group of a utility (`px-4` → "px", `text-sm` → "font-size"), or null for any other class. */
export function groupOf(utility: string): string | null {
  if (utility.startsWith("[") && utility.endsWith("]")) {
    const colon = utility.indexOf(":");
    return colon > 0 ? `[${utility.slice(1, colon)}]` : null;
  }
  const base = utility.replace(/^-/, "");
  if (WORDS[base]) return WORDS[base];
  const slash = base.search(/\/(?![^[]*\])/);
  const plain = slash > 0 ? base.slice(0, slash) : base;
  const dash = plain.indexOf("-");
  const head = dash < 0 ? plain : plain.slice(0, dash);
  const value = dash < 0 ? "" : plain.slice(dash + 1);
  // Of the bare words left, only these are utilities (`border`, `shadow`…); `text` or `bg` alone are not.
  if (value === "" && !/^(border|rounded|shadow|ring|outline)$/.test(head)) return null;
  switch (head) {
    case "text":
      return SIZES.test(value) || LENGTH.test(value) ? "font-size" : "text-color";
    case "font":
      return FONT_WEIGHTS.test(value) ? "font-weight" : "font-family";
    case "bg":
      if (/^(none|linear|radial|conic|gradient)|^\[(url|linear-gradient|radial-gradient|image:)/.test(value))
        return "bg-image";
      if (/^(cover|contain|auto)$/.test(value)) return "bg-size";
      if (/^(center|top|bottom|left|right)/.test(value)) return "bg-position";
      if (/^(repeat|no-repeat)/.test(value)) return "bg-repeat";
      return "bg-color";
    case "border": {
      if (value.startsWith("spacing-")) return "border-spacing";
      if (value === "" || NUMBER.test(value) || LENGTH.test(value)) return "border-w";
      const [side, ...rest] = value.split("-");
      if (SIDE.test(side)) {
        const sideValue = rest.join("-");
        return sideValue === "" || NUMBER.test(sideValue) || LENGTH.test(sideValue)
          ? `border-w-${side}`
          : `border-color-${side}`;
      }
      return "border-color";
    }
    case "rounded": {
      const side = value.split("-")[0];
      return CORNER.test(side) ? `rounded-${side}` : "rounded";
    }
    case "shadow":
      return value === "" || SIZES.test(value) || value.startsWith("[") ? "shadow" : "shadow-color";
    case "ring":
      if (value.startsWith("offset-")) return NUMBER.test(value.slice(7)) ? "ring-offset-w" : "ring-offset-color";
      return value === "" || NUMBER.test(value) || LENGTH.test(value) ? "ring-w" : "ring-color";
    case "outline":
      if (value.startsWith("offset-")) return "outline-offset";
      return value === "" || NUMBER.test(value) || LENGTH.test(value) ? "outline-w" : "outline-color";
    case "stroke":
      return NUMBER.test(value) ? "stroke-w" : "stroke";
    case "decoration":
      if (/^(solid|double|dotted|dashed|wavy)$/.test(value)) return "decoration-style";
      return NUMBER.test(value) || value === "auto" || value === "from-font" ? "decoration-w" : "decoration-color";
    case "flex":
      return value.startsWith("[") || /^\d+$/.test(value) ? "flex" : null;
    case "object":
      return /^(center|top|bottom|left|right|\[)/.test(value) ? "object-position" : null;
    case "content":
      if (value.startsWith("[")) return "content-property";
      break;
    case "animate":
      // Only Tailwind's own; the console's keyframes (animate-zoom-in…) are classes of their own.
      return /^(none|spin|ping|pulse|bounce|\[)/.test(value) ? "animate" : null;
    case "overflow":
    case "overscroll": {
      const [axis, keyword] = value.includes("-") ? value.split("-") : ["", value];
      const known = head === "overflow" ? /^(auto|hidden|clip|visible|scroll)$/ : /^(auto|contain|none)$/;
      return known.test(keyword) && (axis === "" || axis === "x" || axis === "y")
        ? axis
          ? `${head}-${axis}`
          : head
        : null;
    }
  }
  for (const prefix of PREFIXES) {
    if (!plain.startsWith(`${prefix}-`)) continue;
    const rest = plain.slice(prefix.length + 1);
    // A length's prefix takes a length (`my-2`), so a class such as `my-class` is not a margin.
    if (LENGTH_PREFIX.test(prefix)) return SPACING.test(rest) ? prefix : null;
    const keywords = KEYWORDS[prefix];
    return !keywords || keywords.test(rest) ? prefix : null;
  }
  return null;
}

/** A group and the groups it sets too (`p-2` sets what an earlier `px-4` set). */
const COVERS: Record<string, string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  size: ["w", "h"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-s", "rounded-e"].concat(
    ["tl", "tr", "br", "bl", "ss", "se", "es", "ee"].map((c) => `rounded-${c}`),
  ),
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "border-w": ["x", "y", "t", "r", "b", "l", "s", "e"].map((s) => `border-w-${s}`),
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": ["x", "y", "t", "r", "b", "l", "s", "e"].map((s) => `border-color-${s}`),
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
};

/** Splits `md:hover:px-2!` into its variants (sorted: their order does not matter) and the utility. */
function parse(token: string): { key: string; utility: string } {
  const parts = token.split(/:(?![^[]*\])/);
  let utility = parts.pop() as string;
  let important = "";
  if (utility.endsWith("!") || utility.startsWith("!")) {
    important = "!";
    utility = utility.replace(/^!|!$/g, "");
  }
  return { key: `${parts.sort().join(":")}${important}`, utility };
}

/**
 * Merged strings by their input: a page renders the same few class lists again and again (every
 * card of a list, every re-render), and parsing each one again cost ≈ 16 µs a call against ≈ 1.4 µs
 * from memory (20 000 calls over the console's typical lists, Node 24). Bounded: cleared when full.
 */
const merged = new Map<string, string>();
const MERGED_KEPT = 1000;

/** The classes of `classes` (space-separated) without those a later class of the same group overrides. */
export function mergeClasses(classes: string): string {
  let out = merged.get(classes);
  if (out === undefined) {
    out = merge(classes);
    if (merged.size >= MERGED_KEPT) merged.clear();
    merged.set(classes, out);
  }
  return out;
}

function merge(classes: string): string {
  const tokens = classes.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    if (!token) continue;
    const { key, utility } = parse(token);
    const group = groupOf(utility);
    if (group === null) {
      kept.push(token);
      continue;
    }
    const id = `${key}|${group}`;
    if (taken.has(id)) continue;
    taken.add(id);
    for (const covered of COVERS[group] ?? []) taken.add(`${key}|${covered}`);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}
