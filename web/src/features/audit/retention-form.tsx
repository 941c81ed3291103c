import "@/lib/i18n/locales/en-audit";
import { updateAuditSettings } from "@contracts/audit/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { auditQueries } from "./queries";

/** How many days the space keeps audit entries (1–3650); older ones are pruned behind their anchor. */
export function RetentionForm({ space, days }: { space: string; days: number }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(days));
  useEffect(() => setValue(String(days)), [days]);
  const save = useMutation({
    mutationFn: (retention_days: number) =>
      callApi(updateAuditSettings, { params: { space }, json: { retention_days } }),
    onSuccess: (reply) => {
      queryClient.invalidateQueries({ queryKey: auditQueries.anchors(space).queryKey });
      showAlert({ type: "success", message: t("audit.retention.saved", { days: reply.retention_days }) });
    },
    onError: () => showAlert({ type: "error", message: t("common.unexpectedError") }),
  });
  const parsed = Number(value);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= 3650;
  return (
    <form
      className="flex items-center gap-2 text-xs text-muted-foreground"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate(parsed);
      }}
    >
      <label htmlFor={id}>{t("audit.retention.label")}</label>
      <Input
        id={id}
        type="number"
        min={1}
        max={3650}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={!valid}
        className="h-8 w-20 text-sm tabular-nums"
      />
      <span>{t("audit.retention.days")}</span>
      <Button type="submit" size="sm" variant="outline" disabled={!valid || parsed === days || save.isPending}>
        {t("common.save")}
      </Button>
    </form>
  );
}
