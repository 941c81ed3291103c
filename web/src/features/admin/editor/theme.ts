import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";

/**
 * The editor in the console's colours: every colour is one of the theme tokens (index.css), so
 * it follows the light and dark theme without a second CodeMirror theme. Syntax colours are the
 * semantic tokens mixed towards the text colour, which keeps them readable on both backgrounds.
 */
const ink = (token: string, share = 78) => `color-mix(in oklch, var(${token}) ${share}%, var(--foreground))`;
/** A token's colour at `share` % over whatever is below (selections, highlights, changes). */
const tint = (token: string, share: number) => `color-mix(in oklch, var(${token}) ${share}%, transparent)`;

const chrome = EditorView.theme({
  "&": {
    color: "var(--foreground)",
    backgroundColor: "var(--card)",
    fontSize: "13px",
    height: "100%",
  },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": {
    fontFamily: 'ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, monospace',
    lineHeight: "1.55",
  },
  ".cm-content": { caretColor: "var(--foreground)", padding: "8px 0" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--foreground)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: tint("--primary", 28),
  },
  ".cm-activeLine": { backgroundColor: tint("--accent", 55) },
  ".cm-gutters": {
    backgroundColor: "var(--muted)",
    color: "var(--muted-foreground)",
    borderRight: "1px solid var(--border)",
  },
  ".cm-activeLineGutter": { backgroundColor: "var(--accent)", color: "var(--foreground)" },
  ".cm-foldPlaceholder": {
    backgroundColor: "var(--secondary)",
    border: "1px solid var(--border)",
    color: "var(--muted-foreground)",
  },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": {
    backgroundColor: tint("--primary", 22),
    outline: `1px solid ${tint("--primary", 45)}`,
  },
  ".cm-searchMatch": { backgroundColor: tint("--warning", 30) },
  ".cm-tooltip": {
    backgroundColor: "var(--popover)",
    color: "var(--popover-foreground)",
    border: "1px solid var(--border)",
    borderRadius: "6px",
  },
  ".cm-tooltip-lint": { padding: "2px 0" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--destructive)" },
  ".cm-lintRange-error": {
    backgroundImage: "none",
    textDecoration: "underline wavy var(--destructive)",
    textUnderlineOffset: "3px",
  },
  ".cm-panels": { backgroundColor: "var(--muted)", color: "var(--foreground)" },
  ".cm-panels.cm-panels-bottom": { borderTop: "1px solid var(--border)" },
  ".cm-panel input, .cm-panel button": { color: "inherit" },
  // @codemirror/merge: what the change removes and adds, and the folded unchanged stretches.
  ".cm-collapsedLines": {
    color: "var(--muted-foreground)",
    background: "var(--muted)",
    borderBlock: "1px solid var(--border)",
    fontFamily: "inherit",
    "&:before, &:after": { content: '"…"' },
  },
  ".cm-changedLine": { backgroundColor: tint("--success", 12) },
  ".cm-changedText": { background: tint("--success", 30) },
  ".cm-deletedChunk": { backgroundColor: tint("--destructive", 12) },
  ".cm-deletedChunk .cm-deletedText, .cm-deletedChunk del": {
    background: tint("--destructive", 28),
    textDecoration: "none",
  },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: ink("--primary") },
  { tag: tags.string, color: ink("--success") },
  { tag: tags.number, color: ink("--warning", 70) },
  { tag: [tags.bool, tags.null], color: ink("--info", 70), fontWeight: "600" },
  { tag: [tags.separator, tags.punctuation, tags.brace, tags.squareBracket], color: "var(--muted-foreground)" },
  { tag: tags.invalid, color: "var(--destructive)" },
]);

export const consoleTheme = [chrome, syntaxHighlighting(highlight)];
