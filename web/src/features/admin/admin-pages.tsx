import { AppWindowIcon, ArrowLeftIcon, BracesIcon, CpuIcon } from "lucide-react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { type MessageKey, useT } from "@/lib/i18n";

type ListProps = { icon: typeof AppWindowIcon; title: MessageKey; text: MessageKey };

function AdminList({ icon, title, text }: ListProps) {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState icon={icon} title={t(title)} description={t(text)} className="rounded-lg border border-dashed" />
    </div>
  );
}

/** A record edited as JSON; the editor arrives with the admin-panel issue. */
function AdminDetail({ back, backLabel, id }: { back: string; backLabel: MessageKey; id: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4 p-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to={back}>
          <ArrowLeftIcon aria-hidden="true" />
          {t(backLabel)}
        </Link>
      </Button>
      <EmptyState
        icon={BracesIcon}
        title={id}
        description={t("admin.detail.text")}
        className="rounded-lg border border-dashed"
      />
    </div>
  );
}

export function ApplicationsPage() {
  return <AdminList icon={AppWindowIcon} title="admin.applications.empty.title" text="admin.applications.empty.text" />;
}

export function ApplicationDetailPage() {
  const { appId = "" } = useParams();
  return <AdminDetail back="/applications" backLabel="admin.applications" id={appId} />;
}

export function RunnersPage() {
  return <AdminList icon={CpuIcon} title="admin.runners.empty.title" text="admin.runners.empty.text" />;
}

export function RunnerDetailPage() {
  const { runnerId = "" } = useParams();
  return <AdminDetail back="/runners" backLabel="admin.runners" id={runnerId} />;
}
