import { json } from "@codemirror/lang-json";
import { unifiedMergeView } from "@codemirror/merge";
import { EditorState } from "@codemirror/state";
import { EditorView, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { consoleTheme } from "./theme";

type Props = { original: string; modified: string; label: string };

/**
 * The change a Save would make, as one read-only document with the removed lines shown above the
 * added ones (@codemirror/merge's unified view: readable on a phone too); long unchanged
 * stretches are folded.
 */
export function DiffView({ original, modified, label }: Props) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: modified,
        extensions: [
          lineNumbers(),
          json(),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.contentAttributes.of({ "aria-label": label }),
          unifiedMergeView({ original, mergeControls: false, collapseUnchanged: { margin: 3, minSize: 8 } }),
          consoleTheme,
        ],
      }),
    });
    return () => view.destroy();
  }, [original, modified, label]);

  return <div ref={host} className="h-full min-h-0" />;
}
