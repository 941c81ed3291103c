import "@/lib/i18n/locales/en-admin";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import type { AdminKind, AdminRecord, Document } from "./kinds";
import { adminQueries } from "./queries";

/**
 * After a change: the kind's lists and histories (`scope`: all its queries, or only its lists
 * after a delete, so the open record is not fetched again to a 404), and (applications) every
 * device's "applications a display can show" list, so the Peripherals tab shows the new template.
 */
function invalidate(queryClient: QueryClient, kind: AdminKind, scope: "all" | "lists" = "all") {
  const queryKey = scope === "all" ? adminQueries.all(kind) : [...adminQueries.all(kind), "list"];
  void queryClient.invalidateQueries({ queryKey });
  if (kind.kind === "application") {
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.at(-1) === "applications" });
  }
}

/** Add (no key) or save a record from its JSON document; errors are left to the editor (400 per path). */
export function useSaveRecord(kind: AdminKind, key: string | null) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: Document): Promise<AdminRecord> =>
      key === null ? kind.add(document) : kind.save(key, document),
    onSuccess: (record) => {
      queryClient.setQueryData(adminQueries.detail(kind, record.key).queryKey, record);
      invalidate(queryClient, kind);
      showAlert({ type: "success", message: t(key === null ? "admin.added" : "admin.saved", { name: record.name }) });
    },
  });
}

/** Delete a record (system developers); a 409 (an application shown on displays) is shown by the caller. */
export function useDeleteRecord(kind: AdminKind, key: string) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_name: string) => kind.remove(key),
    onSuccess: (_, name) => {
      invalidate(queryClient, kind, "lists");
      showAlert({ type: "success", message: t("admin.deleted", { name }) });
    },
  });
}
