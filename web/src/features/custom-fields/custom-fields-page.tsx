import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ControlPanelPage } from "@/features/locations/control-panel";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { CustomFieldRow } from "./custom-field-row";
import { type CustomFieldRow as Row, rowsOf, toSpacePatch } from "./custom-fields";
import { useSaveCustomFields } from "./use-save-custom-fields";

const SKELETON_ROWS = Array.from({ length: 8 }, (_, i) => `r${i}`);

/** /locations/global/custom_fields: the space's 8 custom location fields (Admins change them). */
export function CustomFieldsPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const detail = useQuery(spaceQueries.detail(space.space_uuid));
  const { isAdmin } = usePermissions();
  const save = useSaveCustomFields();
  const [edited, setEdited] = useState<Row[] | null>(null);
  const saved = detail.data ? rowsOf(detail.data) : null;
  const rows = edited ?? saved;
  const dirty = Boolean(edited && saved && JSON.stringify(edited) !== JSON.stringify(saved));

  return (
    <ControlPanelPage
      title={t("customFields.title")}
      text={isAdmin ? t("customFields.text") : t("customFields.adminOnly")}
    >
      <div className="divide-y rounded-lg border bg-card">
        {rows
          ? rows.map((row) => (
              <CustomFieldRow
                key={row.n}
                row={row}
                disabled={!isAdmin || save.isPending}
                onChange={(next) => setEdited(rows.map((r) => (r.n === next.n ? next : r)))}
              />
            ))
          : SKELETON_ROWS.map((key) => (
              <div key={key} className="px-4 py-2.5">
                <Skeleton className="h-8 w-full" />
              </div>
            ))}
      </div>
      {isAdmin && (
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={!dirty || save.isPending} onClick={() => setEdited(null)}>
            {t("common.cancel")}
          </Button>
          <Button
            disabled={!dirty || save.isPending}
            onClick={() => rows && save.mutate(toSpacePatch(rows), { onSuccess: () => setEdited(null) })}
          >
            {save.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {t("common.save")}
          </Button>
        </div>
      )}
    </ControlPanelPage>
  );
}
