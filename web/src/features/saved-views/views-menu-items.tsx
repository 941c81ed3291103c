import "@/lib/i18n/locales/en-views";
import type { SavedViewList } from "@contracts/saved-views/schema";
import { SAVED_VIEW_NAME_MAX } from "@contracts/saved-views/values";
import { useQuery } from "@tanstack/react-query";
import { CheckIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { FormDialog } from "@/components/form-dialog";
import type { LazyMenuProps } from "@/components/lazy-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useCurrentSpace } from "@/features/session/current-space";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { savedViewQueries, useDeleteView, useSaveView } from "./queries";
import type { ViewsMenuProps } from "./views-menu";

/** Same query, whatever the parameters' order. */
const sameQuery = (a: string, b: string) => {
  const sorted = (q: string) =>
    [...new URLSearchParams(q)]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("&");
  return sorted(a) === sorted(b);
};

/**
 * The list toolbar's "Views" menu: the caller's saved views of this list (pick
 * one to apply it, or delete it) and "Save current view…" (a name for the current filters).
 * Loaded after the list's first render (views-menu.tsx, components/lazy-menu.tsx).
 */
export default function ViewsMenuItems({
  list,
  current,
  onPick,
  trigger,
  defaultOpen,
}: ViewsMenuProps & LazyMenuProps) {
  const t = useT();
  const { space } = useCurrentSpace();
  const views = useQuery(savedViewQueries.list(space.space_uuid, list));
  const remove = useDeleteView(space.space_uuid);
  const [saving, setSaving] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>{t("views.menuLabel")}</DropdownMenuLabel>
          {views.isError && <p className="px-2 py-1.5 text-sm text-destructive">{t("views.loadFailed")}</p>}
          {views.data?.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("views.none")}</p>}
          {views.data?.map((view) => (
            <DropdownMenuItem key={view.uuid} onSelect={() => onPick(view.query)} className="group pr-1">
              <CheckIcon
                aria-hidden="true"
                className={sameQuery(view.query, current) ? "size-4" : "size-4 opacity-0"}
              />
              <span className="min-w-0 flex-1 truncate">{view.name}</span>
              <button
                type="button"
                aria-label={t("views.delete", { name: view.name })}
                className="rounded p-1 text-muted-foreground outline-none hover:bg-destructive/10 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring"
                onPointerDown={(event) => event.stopPropagation()}
                onClick={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  remove.mutate(view, {
                    onSuccess: () => showAlert({ type: "success", message: t("views.deleted", { name: view.name }) }),
                  });
                }}
              >
                <Trash2Icon className="size-3.5" aria-hidden="true" />
              </button>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)}>
            <PlusIcon aria-hidden="true" />
            {t("views.save")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {saving && <SaveViewDialog list={list} query={current} onClose={() => setSaving(false)} />}
    </>
  );
}

function SaveViewDialog({ list, query, onClose }: { list: SavedViewList; query: string; onClose: () => void }) {
  const t = useT();
  const { space } = useCurrentSpace();
  const save = useSaveView(space.space_uuid, list);
  const [name, setName] = useState("");
  const failure = save.error instanceof ApiError ? save.error : null;
  const error = failure?.fieldErrors.name?.[0] ?? failure?.fieldErrors.non_field_errors?.[0] ?? failure?.message;
  const submit = () => {
    if (!name.trim()) return;
    save.mutate(
      { name: name.trim(), query },
      {
        onSuccess: (view) => {
          showAlert({ type: "success", message: t("views.saved", { name: view.name }) });
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      open
      form
      onClose={onClose}
      title={t("views.saveTitle")}
      description={t("views.saveDescription")}
      label={t("views.saveButton")}
      pending={save.isPending}
      disabled={!name.trim() || name.trim().length > SAVED_VIEW_NAME_MAX}
      onConfirm={submit}
    >
      <FormField
        id="saved-view-name"
        label={t("views.name")}
        error={error}
        count={name.length}
        max={SAVED_VIEW_NAME_MAX}
      >
        <Input
          {...fieldProps("saved-view-name", error, true)}
          autoFocus
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX}
          onChange={(event) => {
            setName(event.target.value);
            if (save.isError) save.reset();
          }}
        />
      </FormField>
    </FormDialog>
  );
}
