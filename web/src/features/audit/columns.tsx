import "@/lib/i18n/locales/en-audit";
import type { AuditEntry } from "@contracts/audit/schema";
import { BotIcon, KeyRoundIcon, MonitorIcon, UserIcon } from "lucide-react";
import { columnHelper } from "@/components/ui/data-table";
import type { Lang, TFunction } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";

const col = columnHelper<AuditEntry>();

const ACTOR_ICON = { account: UserIcon, api_token: KeyRoundIcon, display_link: MonitorIcon, system: BotIcon } as const;

/** Who acted: the kind's icon and the name at the time (the uuid when no name was known). */
export function ActorCell({ entry, t }: { entry: AuditEntry; t: TFunction }) {
  const kind = entry.actor_kind ?? "system";
  const Icon = ACTOR_ICON[kind];
  const name = entry.actor_name ?? entry.actor_uuid ?? entry.actor_device_uuid ?? t(`audit.actor.${kind}`);
  return (
    <span
      className="flex min-w-0 items-center gap-1.5"
      title={`${t(`audit.actor.${kind}`)} · ${entry.actor_uuid ?? ""}`}
    >
      <Icon aria-label={t(`audit.actor.${kind}`)} className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="truncate">{name}</span>
    </span>
  );
}

/** Newest first: sequence, time, actor, action, target, client address. */
export const auditColumns = (t: TFunction, lang: Lang) =>
  col.columns([
    col.accessor("seq", {
      header: "#",
      meta: { className: "w-16 text-right font-mono text-xs text-muted-foreground tabular-nums" },
      cell: (info) => info.getValue() ?? "",
    }),
    col.accessor("created_at", {
      header: t("audit.column.time"),
      meta: { className: "w-52 whitespace-nowrap tabular-nums" },
      cell: (info) => formatDateTime(info.getValue(), lang),
    }),
    col.display({
      id: "actor",
      header: t("audit.column.actor"),
      meta: { className: "hidden max-w-48 md:table-cell" },
      cell: (info) => <ActorCell entry={info.row.original} t={t} />,
    }),
    col.accessor("action", {
      header: t("audit.column.action"),
      meta: { className: "max-w-56 truncate font-mono text-xs" },
    }),
    col.display({
      id: "target",
      header: t("audit.column.target"),
      meta: { className: "hidden max-w-64 truncate sm:table-cell" },
      cell: (info) => {
        const e = info.row.original;
        return (
          <span className="truncate">
            <span className="text-muted-foreground">{e.target_type}</span> {e.target_name ?? e.target_uuid ?? ""}
          </span>
        );
      },
    }),
    col.accessor("client_address", {
      header: t("audit.column.address"),
      meta: { className: "hidden w-36 font-mono text-xs text-muted-foreground xl:table-cell" },
      cell: (info) => info.getValue() ?? "",
    }),
  ]);
