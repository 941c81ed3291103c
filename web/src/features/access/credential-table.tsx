import "@/lib/i18n/locales/en-access";
import type { SpaceCredential } from "@contracts/access/schema";
import { BanIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type TFunction, useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { credentialStatus } from "./queries";

type CredentialTableProps = {
  rows: SpaceCredential[] | undefined;
  loading: boolean;
  empty: string;
  onRevoke: (credential: SpaceCredential) => void;
};

const SKELETON_ROWS = ["a", "b"];

/** What a credential may see or do, in words: a display link's scope or an API token's. */
export function scopeLabel(credential: SpaceCredential, t: TFunction) {
  if (credential.kind === "api_token") {
    return credential.scope === "operator" ? t("access.scope.operator") : t("access.scope.read");
  }
  if (credential.location_group_uuid) {
    return t("access.scope.group", { name: credential.location_group_name ?? t("access.scope.gone") });
  }
  if (credential.location_uuid) {
    return t("access.scope.location", { name: credential.location_name ?? t("access.scope.gone") });
  }
  return t("access.scope.space");
}

const statusVariant = { active: "online", revoked: "destructive", expired: "secondary" } as const;

/** The display links or API tokens of the space: who made them, when they were last used and from where. */
export function CredentialTable({ rows, loading, empty, onRevoke }: CredentialTableProps) {
  const { t, lang } = useI18n();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t("access.column.name")}</TableHead>
          <TableHead>{t("access.column.scope")}</TableHead>
          <TableHead>{t("access.column.created")}</TableHead>
          <TableHead>{t("access.column.expires")}</TableHead>
          <TableHead>{t("access.column.lastUsed")}</TableHead>
          <TableHead>{t("access.column.status")}</TableHead>
          <TableHead className="w-px text-right">
            <span className="sr-only">{t("access.column.actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading &&
          SKELETON_ROWS.map((key) => (
            <TableRow key={key}>
              <TableCell colSpan={7}>
                <Skeleton className="h-6 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {!loading && rows?.length === 0 && (
          <TableRow>
            <TableCell colSpan={7} className="py-6 text-center text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        )}
        {rows?.map((row) => {
          const status = credentialStatus(row);
          return (
            <TableRow key={row.uuid}>
              <TableCell className="max-w-56 truncate font-medium" title={row.name}>
                {row.name}
              </TableCell>
              <TableCell>{scopeLabel(row, t)}</TableCell>
              <TableCell className="whitespace-nowrap">
                <div>{formatDateTime(row.created_at, lang)}</div>
                {row.created_by && (
                  <div className="text-xs text-muted-foreground">
                    {t("access.createdBy", { name: row.created_by.name })}
                  </div>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {row.expires_at ? formatDateTime(row.expires_at, lang) : t("access.noExpiry")}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {row.last_used_at ? (
                  <>
                    <div>{formatDateTime(row.last_used_at, lang)}</div>
                    <div className="font-mono text-xs text-muted-foreground">{row.last_used_ip}</div>
                  </>
                ) : (
                  t("access.never")
                )}
              </TableCell>
              <TableCell>
                <Badge variant={statusVariant[status]}>{t(`access.status.${status}`)}</Badge>
              </TableCell>
              <TableCell className="text-right">
                {status !== "revoked" && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("access.revoke.label", { name: row.name })}
                    onClick={() => onRevoke(row)}
                  >
                    <BanIcon aria-hidden="true" />
                    {t("access.revoke")}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
