/*
 * The console's keyboard shortcuts of Ctrl-K / ⌘-K opens the command palette
 * anywhere in the signed-in console, `/` focuses the list's search. Decided here from the event
 * alone (no DOM queries), so it is tested in plain Node.
 */

/** Where the key was pressed: an element or something that reads like one. */
type TargetLike = { tagName?: string; isContentEditable?: boolean; closest?: (selector: string) => unknown };

export type ShortcutEvent = {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: unknown;
};

export type Shortcut = "palette" | "listSearch";

/** Editors that own their keys: CodeMirror (the JSON editors) and xterm (the terminal). */
const OWN_KEYS = ".cm-editor, .xterm";
const TEXT_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

function targetOf(event: ShortcutEvent): TargetLike | null {
  const { target } = event;
  return typeof target === "object" && target !== null ? (target as TargetLike) : null;
}

/** Inside CodeMirror or xterm: every key is theirs (Ctrl-K deletes to the line end in a shell). */
export function ownsKeys(target: TargetLike | null): boolean {
  return Boolean(target?.closest?.(OWN_KEYS));
}

/** Typing goes there: a text field, a select, an editable element or one of the editors. */
export function isTyping(target: TargetLike | null): boolean {
  if (!target) return false;
  if (target.tagName && TEXT_TAGS.has(target.tagName.toUpperCase())) return true;
  if (target.isContentEditable) return true;
  return (
    Boolean(target.closest?.("[contenteditable=''], [contenteditable='true'], [role='textbox']")) || ownsKeys(target)
  );
}

const isKeyK = (event: ShortcutEvent) => event.key.toLowerCase() === "k" || event.code === "KeyK";

/**
 * Which shortcut a keydown is: Ctrl-K or ⌘-K (no Alt or Shift) anywhere but inside CodeMirror and
 * xterm, `/` (no modifier) when focus is not in a field. Null for every other key.
 */
export function shortcutOf(event: ShortcutEvent): Shortcut | null {
  if (event.isComposing) return null;
  const target = targetOf(event);
  if (isKeyK(event) && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
    return ownsKeys(target) ? null : "palette";
  }
  if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !event.defaultPrevented) {
    return isTyping(target) ? null : "listSearch";
  }
  return null;
}

/** Apple keyboards name the key ⌘; the hint follows the platform. */
export function shortcutHint(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? "⌘ K" : "Ctrl K";
}
