import type { UserSpace } from "@contracts/spaces/schema";
import { CheckIcon } from "lucide-react";
import { useId, useState } from "react";
import { SearchField } from "@/components/search-field";
import { Badge } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { regionLabel } from "@/lib/i18n/region";
import { cn } from "@/lib/ui/utils";
import { filterSpaces } from "./current-space";

type SpaceListProps = {
  spaces: readonly UserSpace[];
  currentUuid: string;
  onChoose: (space: UserSpace) => void;
};

/** The user's spaces with a search over name and type. */
export function SpaceList({ spaces, currentUuid, onChoose }: SpaceListProps) {
  const t = useT();
  const [search, setSearch] = useState("");
  const listId = useId();
  const shown = filterSpaces(spaces, search);

  return (
    <div className="flex min-h-0 flex-col gap-2">
      <SearchField label={t("account.searchSpaces")} value={search} onChange={setSearch} aria-controls={listId} />
      <ul id={listId} className="-mx-1 max-h-72 overflow-y-auto px-1" aria-label={t("account.spaces")}>
        {shown.map((space) => {
          const current = space.space_uuid === currentUuid;
          return (
            <li key={space.space_uuid}>
              <button
                type="button"
                onClick={() => !current && onChoose(space)}
                aria-current={current ? "true" : undefined}
                className={cn(
                  "flex w-full items-center gap-3 rounded-md px-2.5 py-2 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                  current && "bg-accent/60",
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{space.space_name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {space.space_type} · {regionLabel(t, space.space_datacenter)}
                  </span>
                </span>
                {current && (
                  <Badge variant="default">
                    <CheckIcon aria-hidden="true" />
                    {t("account.currentSpace")}
                  </Badge>
                )}
              </button>
            </li>
          );
        })}
        {shown.length === 0 && (
          <li className="px-2.5 py-6 text-center text-sm text-muted-foreground">{t("account.noSpacesMatch")}</li>
        )}
      </ul>
    </div>
  );
}
