import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { json, jsonParseLinter } from "@codemirror/lang-json";
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from "@codemirror/language";
import { type Diagnostic, forceLinting, linter, lintGutter, lintKeymap } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { Compartment, EditorState, StateEffect, StateField } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { locateJsonPath } from "../json-paths";
import { consoleTheme } from "./theme";

/** A problem the server reported: a JSON path and its message. */
export type PathProblem = { path: string; message: string };

/** What the page can ask of the editor. */
export type JsonEditorHandle = { focusPath: (path: string) => void; focus: () => void };

type Props = {
  value: string;
  onChange: (text: string) => void;
  /** The server's errors of the last save, marked at their paths until the next one. */
  problems: readonly PathProblem[];
  readOnly: boolean;
  label: string;
  /** Mod-S: the page's Save. */
  onSave: () => void;
  ref?: Ref<JsonEditorHandle>;
};

const setProblems = StateEffect.define<Diagnostic[]>();

/**
 * The server's diagnostics, kept on their text while the person edits around them; one whose
 * text is edited (or replaced, as by a paste over everything) is dropped: it may no longer hold.
 */
const problemsField = StateField.define<Diagnostic[]>({
  create: () => [],
  update(value, tr) {
    let next = tr.docChanged
      ? value
          .filter((d) => !tr.changes.touchesRange(d.from, d.to))
          .map((d) => ({ ...d, from: tr.changes.mapPos(d.from), to: tr.changes.mapPos(d.to, 1) }))
      : value;
    for (const effect of tr.effects) if (effect.is(setProblems)) next = effect.value;
    return next;
  },
});

const parseErrors = jsonParseLinter();

/** JSON syntax errors as the person types, and the server's errors of the last save. */
const lintSource = (view: EditorView): Diagnostic[] => {
  const syntax = view.state.doc.length > 0 && view.state.doc.toString().trim() ? parseErrors(view) : [];
  return [...syntax, ...view.state.field(problemsField)];
};

/** The range of a path in the current text; a path it cannot place marks the first character. */
function rangeOf(state: EditorState, path: string) {
  const found = locateJsonPath(state.doc.toString(), path);
  return found ?? { from: 0, to: Math.min(1, state.doc.length) };
}

/** The Admin Panel's JSON editor (CodeMirror 6, loaded on demand): JSON language, lint, fold, search, the console's theme. */
export function JsonEditor({ value, onChange, problems, readOnly, label, onSave, ref }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const latest = useRef({ onChange, onSave });
  latest.current = { onChange, onSave };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; value, readOnly and label follow in their own effects.
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightSelectionMatches(),
          json(),
          problemsField,
          linter(lintSource, {
            delay: 300,
            // New server problems are a reason to lint again even though the text did not change.
            needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setProblems))),
          }),
          keymap.of([
            {
              key: "Mod-s",
              preventDefault: true,
              run: () => {
                latest.current.onSave();
                return true;
              },
            },
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...searchKeymap,
            ...historyKeymap,
            ...foldKeymap,
            ...lintKeymap,
          ]),
          editable.current.of([EditorState.readOnly.of(readOnly)]),
          EditorView.contentAttributes.of({ "aria-label": label }),
          // Long texts (descriptions, URLs) stay readable on a phone.
          EditorView.lineWrapping,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          consoleTheme,
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  // Text set from outside (Format, Cancel, a fresh load) replaces the document.
  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly)]) });
  }, [readOnly]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const diagnostics = problems.map((problem): Diagnostic => {
      const { from, to } = rangeOf(current.state, problem.path);
      return { from, to, severity: "error", message: problem.message, source: problem.path || undefined };
    });
    current.dispatch({ effects: setProblems.of(diagnostics) });
    forceLinting(current);
  }, [problems]);

  useImperativeHandle(ref, () => ({
    focus: () => view.current?.focus(),
    focusPath: (path) => {
      const current = view.current;
      if (!current) return;
      const { from } = rangeOf(current.state, path);
      current.dispatch({ selection: { anchor: from }, scrollIntoView: true });
      current.focus();
    },
  }));

  return <div ref={host} className="h-full min-h-0" />;
}
