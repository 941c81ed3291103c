import "@/lib/i18n/locales/en-access";
import type { CredentialKind, IssuedCredential, SpaceCredential } from "@contracts/access/schema";
import { useQuery } from "@tanstack/react-query";
import { BookOpenIcon, KeyRoundIcon, MonitorIcon, PlusIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ShellHeader } from "@/app/shells/shell-header";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { AddCredentialDialog } from "./add-credential-dialog";
import { CredentialTable } from "./credential-table";
import { accessQueries, useRevokeCredential } from "./queries";
import { SecretDialog } from "./secret-dialog";

/**
 * /access: an Admin's wall display links and space API tokens — create one (its
 * secret is shown once), see when and from where each was last used, revoke it (a wall using
 * it stops within seconds and says so).
 */
export function AccessPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const spaceUuid = space.space_uuid;
  const { isAdmin } = usePermissions();
  const displayLinks = useQuery({ ...accessQueries.displayLinks(spaceUuid), enabled: isAdmin });
  const apiTokens = useQuery({ ...accessQueries.apiTokens(spaceUuid), enabled: isAdmin });
  const revoke = useRevokeCredential(spaceUuid);
  const [adding, setAdding] = useState<CredentialKind | null>(null);
  const [issued, setIssued] = useState<IssuedCredential | null>(null);
  const [revoking, setRevoking] = useState<SpaceCredential | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    const { kind, uuid, name } = revoking;
    revoke.mutate(
      { kind, uuid },
      {
        onSuccess: () => showAlert({ type: "success", message: t("access.revoked", { name }) }),
        onError: () => showAlert({ type: "error", message: t("common.unexpectedError") }),
        onSettled: () => setRevoking(null),
      },
    );
  };

  return (
    <div className="flex h-full flex-col">
      <ShellHeader
        crumbs={[space.space_name, t("nav.accounts"), t("access.title")]}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href="/api/docs" target="_blank" rel="noreferrer">
              <BookOpenIcon aria-hidden="true" />
              {t("access.apiReference")}
            </a>
          </Button>
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto border-t">
        {!isAdmin ? (
          <EmptyState icon={KeyRoundIcon} title={t("access.title")} description={t("access.adminOnly")} />
        ) : (
          <div className="flex max-w-6xl flex-col gap-6 p-6">
            <Section
              icon={MonitorIcon}
              title={t("access.displayLinks.title")}
              text={t("access.displayLinks.text")}
              addLabel={t("access.displayLinks.add")}
              onAdd={() => setAdding("display_link")}
              failed={displayLinks.isError}
            >
              <CredentialTable
                rows={displayLinks.data}
                loading={displayLinks.isPending}
                empty={t("access.displayLinks.empty")}
                onRevoke={setRevoking}
              />
            </Section>
            <Section
              icon={KeyRoundIcon}
              title={t("access.apiTokens.title")}
              text={t("access.apiTokens.text")}
              addLabel={t("access.apiTokens.add")}
              onAdd={() => setAdding("api_token")}
              failed={apiTokens.isError}
            >
              <CredentialTable
                rows={apiTokens.data}
                loading={apiTokens.isPending}
                empty={t("access.apiTokens.empty")}
                onRevoke={setRevoking}
              />
            </Section>
          </div>
        )}
      </div>
      <AddCredentialDialog
        space={spaceUuid}
        kind={adding}
        onOpenChange={(open) => !open && setAdding(null)}
        onCreated={(credential) => {
          setAdding(null);
          setIssued(credential);
        }}
      />
      <SecretDialog issued={issued} onDone={() => setIssued(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}
        title={t("access.revoke.title", { name: revoking?.name ?? "" })}
        description={revoking?.kind === "display_link" ? t("access.revoke.displayText") : t("access.revoke.tokenText")}
        confirmLabel={t("access.revoke")}
        cancelLabel={t("common.cancel")}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
      />
    </div>
  );
}

type SectionProps = {
  icon: typeof KeyRoundIcon;
  title: string;
  text: string;
  addLabel: string;
  onAdd: () => void;
  failed: boolean;
  children: ReactNode;
};

function Section({ icon: Icon, title, text, addLabel, onAdd, failed, children }: SectionProps) {
  const t = useT();
  return (
    <section aria-label={title} className="overflow-hidden rounded-lg border bg-card shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b px-4 py-3">
        <div className="flex min-w-0 items-start gap-2.5">
          <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0">
            <h2 className="text-sm font-semibold">{title}</h2>
            <p className="max-w-3xl text-xs text-muted-foreground">{text}</p>
          </div>
        </div>
        <Button size="sm" onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
      {children}
      {failed && (
        <p role="alert" className="border-t px-4 py-2 text-sm text-destructive">
          {t("access.loadFailed")}
        </p>
      )}
    </section>
  );
}
