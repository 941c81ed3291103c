import "@/lib/i18n/locales/en-audit";
import type { AuditEntry } from "@contracts/audit/schema";
import { Link } from "react-router";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { ActorCell } from "./columns";
import { fieldChanges, shown } from "./diff";

/** An entry opened: who, what, where from, and its before/after field by field. */
export function EntrySheet({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t, lang } = useI18n();
  const changes = entry ? fieldChanges(entry.before, entry.after) : [];
  return (
    <Sheet open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full sm:max-w-xl">
        {entry && (
          <>
            <SheetHeader>
              <SheetTitle className="font-mono">{t("audit.entry.title", { seq: entry.seq ?? "—" })}</SheetTitle>
              <SheetDescription>
                {entry.action} · {formatDateTime(entry.created_at, lang)}
              </SheetDescription>
            </SheetHeader>
            <SheetBody className="flex flex-col gap-5 text-sm">
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5">
                <dt className="text-muted-foreground">{t("audit.column.actor")}</dt>
                <dd className="min-w-0">
                  <ActorCell entry={entry} t={t} />
                </dd>
                <dt className="text-muted-foreground">{t("audit.column.target")}</dt>
                <dd className="min-w-0 break-all">
                  {entry.target_type} {entry.target_name ?? ""}{" "}
                  <span className="font-mono text-xs text-muted-foreground">{entry.target_uuid ?? ""}</span>
                </dd>
                <dt className="text-muted-foreground">{t("audit.entry.requestId")}</dt>
                <dd className="font-mono text-xs break-all">{entry.request_id ?? "—"}</dd>
                <dt className="text-muted-foreground">{t("audit.entry.address")}</dt>
                <dd className="font-mono text-xs">{entry.client_address ?? "—"}</dd>
                <dt className="text-muted-foreground">{t("audit.entry.userAgent")}</dt>
                <dd className="text-xs break-all">{entry.user_agent ?? "—"}</dd>
                {(entry.bytes_in != null || entry.bytes_out != null) && (
                  <>
                    <dt className="text-muted-foreground">{t("audit.entry.bytes")}</dt>
                    <dd className="tabular-nums">
                      {entry.bytes_in ?? 0} / {entry.bytes_out ?? 0}
                    </dd>
                  </>
                )}
                {entry.recording_path?.startsWith("/") && (
                  <>
                    <dt className="text-muted-foreground">{t("audit.entry.recording")}</dt>
                    <dd>
                      <Link className="text-primary underline-offset-2 hover:underline" to={entry.recording_path}>
                        {t("audit.entry.openRecording")}
                      </Link>
                    </dd>
                  </>
                )}
                <dt className="text-muted-foreground">{t("audit.entry.hash")}</dt>
                <dd className="font-mono text-xs break-all">{entry.hash ?? t("audit.entry.unchained")}</dd>
              </dl>
              <section aria-label={t("audit.entry.changes")}>
                <h3 className="mb-2 font-medium">{t("audit.entry.changes")}</h3>
                {changes.length === 0 ? (
                  <p className="text-muted-foreground">{t("audit.entry.noChanges")}</p>
                ) : (
                  <table className="w-full table-fixed border-collapse text-xs">
                    <thead>
                      <tr className="text-left text-muted-foreground">
                        <th className="w-1/4 py-1 pr-2 font-medium">{t("audit.entry.field")}</th>
                        <th className="py-1 pr-2 font-medium">{t("audit.entry.before")}</th>
                        <th className="py-1 font-medium">{t("audit.entry.after")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((c) => (
                        <tr key={c.field} className="border-t align-top">
                          <td className="py-1 pr-2 font-mono break-all">{c.field}</td>
                          <td className="bg-destructive/8 py-1 pr-2 font-mono break-all">{shown(c.before)}</td>
                          <td className="bg-success/10 py-1 font-mono break-all">{shown(c.after)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            </SheetBody>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
