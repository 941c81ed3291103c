import "@/lib/i18n/locales/en-admin";
import { BracesIcon, SaveIcon, Trash2Icon, TriangleAlertIcon } from "lucide-react";
import { Suspense, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useCurrentSpace } from "@/features/session/current-space";
import { ApiError } from "@/lib/api/api";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { showAlert } from "@/lib/ui/alerts";
import { ApplicationHelp } from "./application-help";
import type { JsonEditorHandle, PathProblem } from "./editor/json-editor";
import { formatJson, lineOf, locateJsonPath } from "./json-paths";
import type { AdminKind, AdminRecord, Document } from "./kinds";
import { EditorSkeleton, LazyJsonEditor } from "./lazy-editor";
import { ReviewDialog } from "./record-dialogs";
import { useDeleteRecord, useSaveRecord } from "./use-admin-mutations";

type Parsed = { ok: true; document: Document } | { ok: false; message: string };

const parse = (text: string): Parsed => {
  try {
    return { ok: true, document: JSON.parse(text) as Document };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
};

/** A 400's field errors, one problem per message, at their JSON paths. */
const problemsOf = (error: ApiError): PathProblem[] =>
  Object.entries(error.fieldErrors).flatMap(([path, messages]) => messages.map((message) => ({ path, message })));

type Props = { kind: AdminKind; record: AdminRecord | null };

/**
 * The JSON editor of one record with Format, Cancel, Save (a diff to confirm first) and, for
 * system developers, Delete. Save is disabled while the editor is empty or the user may not save
 * this kind (console.md §5); the server's 400 errors are marked at their paths' lines.
 */
export function RecordEditor({ kind, record }: Props) {
  const { t, lang } = useI18n();
  const { user } = useCurrentSpace();
  const navigate = useNavigate();
  const editor = useRef<JsonEditorHandle>(null);
  const [baseline, setBaseline] = useState(() => formatJson(record?.document ?? kind.starter));
  const [text, setText] = useState(baseline);
  const [problems, setProblems] = useState<PathProblem[]>([]);
  const [general, setGeneral] = useState<string | null>(null);
  const [review, setReview] = useState<Document | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const save = useSaveRecord(kind, record?.key ?? null);
  const remove = useDeleteRecord(kind, record?.key ?? "");

  const canSave = kind.canSave(user);
  const empty = text.trim() === "";
  const dirty = text !== baseline;
  const name = record?.name ?? t(kind.kind === "application" ? "admin.applications.new" : "admin.runners.new");
  const problemLines = useMemo(
    () =>
      problems.map((problem) => {
        const range = locateJsonPath(text, problem.path);
        return { ...problem, line: range ? lineOf(text, range.from) : null };
      }),
    [problems, text],
  );

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
      const found = problemsOf(error);
      setProblems(found);
      setGeneral(t("admin.fixErrors"));
      editor.current?.focusPath(found[0]?.path ?? "");
      return;
    }
    setProblems([]);
    setGeneral(error instanceof Error ? error.message : t("common.unexpectedError"));
  };

  const send = (document: Document) =>
    save.mutate(document, {
      onSuccess: (saved) => {
        const next = formatJson(saved.document);
        setBaseline(next);
        setText(next);
        setProblems([]);
        setGeneral(null);
        setReview(null);
        if (!record) navigate(`${kind.base}/${saved.key}`, { replace: true });
      },
      onError: (error) => {
        setReview(null);
        fail(error);
      },
    });

  const requestSave = () => {
    if (empty || !canSave || save.isPending) return;
    const parsed = parse(text);
    if (!parsed.ok) {
      setGeneral(t("admin.invalidJson", { message: parsed.message }));
      editor.current?.focus();
      return;
    }
    if (!record) return send(parsed.document);
    if (formatJson(parsed.document) === formatJson(record.document)) {
      showAlert({ type: "info", message: t("admin.noChanges") });
      return;
    }
    setReview(parsed.document);
  };

  const format = () => {
    const parsed = parse(text);
    if (parsed.ok) {
      setText(formatJson(parsed.document));
      setGeneral(null);
    } else {
      setGeneral(t("admin.invalidJson", { message: parsed.message }));
    }
    editor.current?.focus();
  };

  const cancel = () => (dirty ? setConfirmDiscard(true) : navigate(kind.base));

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg leading-tight font-semibold">{name}</h2>
          {record && (
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
              {kind.kind === "application" && <span className="tabular-nums">ID {record.key}</span>}
              <span className="font-mono">{record.uuid}</span>
              {record.displays_count !== undefined && (
                <span>{t("admin.shownOn", { count: record.displays_count })}</span>
              )}
              <span>{t("admin.updatedAt", { date: formatDateTime(record.updated_at, lang) })}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t("admin.actions")}>
          {dirty && <span className="text-xs text-muted-foreground">{t("admin.unsaved")}</span>}
          <Button variant="outline" size="sm" onClick={format} disabled={empty || !canSave}>
            <BracesIcon aria-hidden="true" />
            {t("admin.format")}
          </Button>
          <Button variant="outline" size="sm" onClick={cancel}>
            {t("common.cancel")}
          </Button>
          <Button size="sm" onClick={requestSave} disabled={empty || !canSave || save.isPending}>
            <SaveIcon aria-hidden="true" />
            {t("common.save")}
          </Button>
          {record && kind.canDelete(user) && (
            <Button variant="destructive" size="sm" onClick={() => setConfirmDelete(true)}>
              <Trash2Icon aria-hidden="true" />
              {t("common.delete")}
            </Button>
          )}
        </div>
      </div>
      {!canSave && <p className="text-xs text-muted-foreground">{t("admin.readOnly")}</p>}
      {general && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/8 px-3 py-2 text-sm">
          <p className="flex items-start gap-2 text-destructive">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {general}
          </p>
          {problemLines.length > 0 && (
            <ul className="mt-1.5 grid gap-1 pl-6">
              {problemLines.map((problem) => (
                <li key={`${problem.path}:${problem.message}`}>
                  <button
                    type="button"
                    className="text-left text-xs underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none"
                    onClick={() => editor.current?.focusPath(problem.path)}
                  >
                    {problem.line !== null && (
                      <span className="text-muted-foreground">{t("admin.line", { line: problem.line })} · </span>
                    )}
                    <code className="font-mono">{problem.path}</code>: {problem.message}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="h-[min(65vh,640px)] min-h-72 overflow-hidden rounded-lg border">
        <Suspense fallback={<EditorSkeleton />}>
          <LazyJsonEditor
            ref={editor}
            value={text}
            onChange={setText}
            problems={problems}
            readOnly={!canSave}
            label={t("admin.editor.label", { name })}
            onSave={requestSave}
          />
        </Suspense>
      </div>
      {kind.kind === "application" && <ApplicationHelp />}
      {record && (
        <ReviewDialog
          open={review !== null}
          onOpenChange={(open) => !open && setReview(null)}
          name={record.name}
          original={formatJson(record.document)}
          modified={review ? formatJson(review) : ""}
          pending={save.isPending}
          onConfirm={() => review && send(review)}
        />
      )}
      {record && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t("admin.delete.title", { name: record.name })}
          description={t(kind.kind === "application" ? "admin.delete.application" : "admin.delete.runner", {
            name: record.name,
          })}
          confirmLabel={t("admin.delete.confirm", { name: record.name })}
          cancelLabel={t("common.cancel")}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(record.name, {
              onSuccess: () => navigate(kind.base),
              onError: (error) => {
                setConfirmDelete(false);
                fail(error);
              },
            })
          }
        />
      )}
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t("admin.discard.title")}
        description={t("admin.discard.text")}
        confirmLabel={t("admin.discard.confirm")}
        cancelLabel={t("admin.discard.keep")}
        onConfirm={() => navigate(kind.base)}
      />
    </div>
  );
}
