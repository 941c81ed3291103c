import { ChevronRightIcon } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { useT } from "@/lib/i18n";

type ShellHeaderProps = {
  /** E.g. ["Outpost Demo", "Assets", "Devices"]; the last one is the page title. */
  crumbs: readonly string[];
  actions?: ReactNode;
};

export function ShellHeader({ crumbs, actions }: ShellHeaderProps) {
  const t = useT();
  const title = crumbs[crumbs.length - 1];
  // Each crumb is keyed by the trail up to it (unique even when two crumbs read the same).
  const trail = crumbs.slice(0, -1).map((crumb, level) => ({ crumb, key: crumbs.slice(0, level + 1).join("/") }));
  return (
    // On phones the actions go under the title rather than squeezing it out.
    <div className="flex min-h-14 items-center justify-between gap-x-4 gap-y-2 px-4 pt-4 pb-1 max-md:flex-wrap md:px-6">
      <div className="min-w-0 max-md:min-w-48 max-md:flex-1">
        <nav aria-label={t("shell.breadcrumb")}>
          <ol className="flex items-center gap-1 text-xs text-muted-foreground">
            {trail.map(({ crumb, key }) => (
              <Fragment key={key}>
                <li className="truncate">{crumb}</li>
                <li aria-hidden="true">
                  <ChevronRightIcon className="size-3" />
                </li>
              </Fragment>
            ))}
          </ol>
        </nav>
        <h1 className="truncate text-lg leading-tight font-semibold tracking-tight">{title}</h1>
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
