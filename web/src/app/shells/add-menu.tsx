import { PlusIcon } from "lucide-react";
import { LazyMenu } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";

export type AssetsTab = "locations" | "devices" | "groups";

const loadItems = () => import("./add-menu-items");

/** The floating add button of the Assets tabs; its menu loads after the list (components/lazy-menu.tsx). */
export function AddMenu({ tab }: { tab: AssetsTab }) {
  const t = useT();
  // Viewers cannot add anything (the server would refuse): no button at all.
  const { canWrite } = usePermissions();
  if (!canWrite) return null;
  return (
    <LazyMenu
      load={loadItems}
      props={{ tab }}
      trigger={
        <Button
          size="icon"
          aria-label={t("add.label")}
          className="absolute right-6 bottom-6 z-10 size-12 rounded-full shadow-lg [&_svg:not([class*='size-'])]:size-5"
        >
          <PlusIcon aria-hidden="true" />
        </Button>
      }
    />
  );
}
