import "@/lib/i18n/locales/en-peripherals";
import type { AvailableApplication } from "@contracts/peripherals/schema";
import { MAX_APPS_PER_DISPLAY } from "@contracts/peripherals/values";
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { AppOptionFields } from "./app-option-fields";
import { addableApps, newDraftApp } from "./app-options";
import { addApp, type DraftApp, type DraftDisplay, moveApp, removeApp, setAppOption } from "./display-draft";
import type { DisplayDraftState } from "./use-display-draft";

type Props = {
  display: DraftDisplay;
  editor: DisplayDraftState;
  /** The applications the device offers (undefined while loading or after a failure). */
  available: readonly AvailableApplication[] | undefined;
  loading: boolean;
  disabled: boolean;
};

/** The display's applications in order: move up/down, remove, options; then "Add application". */
export function DisplayApps({ display, editor, available, loading, disabled }: Props) {
  const t = useT();
  const apps = display.applications;
  const full = apps.length >= MAX_APPS_PER_DISPLAY;
  const options = addableApps(available ?? [], apps).map((app) => ({ value: app.uuid, label: app.name }));
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`apps-${display.uuid}`}>
      <h4 id={`apps-${display.uuid}`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t("device.periph.applications")}
      </h4>
      {apps.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("device.periph.appsEmpty")}</p>
      ) : (
        <ol className="flex flex-col divide-y rounded-md border">
          {apps.map((app, index) => (
            <AppRow
              key={app.uuid}
              app={app}
              index={index}
              count={apps.length}
              display={display}
              editor={editor}
              template={available?.find((a) => a.uuid === app.uuid)?.template}
              known={!available || available.some((a) => a.uuid === app.uuid)}
              disabled={disabled}
            />
          ))}
        </ol>
      )}
      <Combobox
        value=""
        aria-label={t("device.periph.addApp")}
        placeholder={loading ? t("device.periph.appsLoading") : t("device.periph.addApp")}
        searchLabel={t("device.periph.searchApps")}
        emptyText={t("device.periph.noAppsToAdd")}
        options={options}
        disabled={disabled || full || !available}
        className="h-8"
        onChange={(uuid) => {
          const app = available?.find((a) => a.uuid === uuid);
          if (app) editor.change((draft) => addApp(draft, display.uuid, newDraftApp(app)));
        }}
      />
      {full && (
        <p className="text-xs text-muted-foreground">{t("device.periph.appsMax", { max: MAX_APPS_PER_DISPLAY })}</p>
      )}
    </section>
  );
}

type RowProps = {
  app: DraftApp;
  index: number;
  count: number;
  display: DraftDisplay;
  editor: DisplayDraftState;
  template: AvailableApplication["template"] | undefined;
  known: boolean;
  disabled: boolean;
};

/** One of an app row's small icon buttons (move up, move down, remove), named by `label`. */
function AppRowButton({ label, className, ...props }: ButtonProps & { label: string }) {
  return <Button variant="ghost" size="icon-sm" className={cn("size-7", className)} aria-label={label} {...props} />;
}

function AppRow({ app, index, count, display, editor, template, known, disabled }: RowProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const options = template?.configurable_options ?? [];
  // The template's header and description say what the application shows (devices.md §3).
  const hasDetails = options.length > 0 || Boolean(template?.header || template?.description);
  const optionsId = `app-options-${display.uuid}-${app.uuid}`;
  const move = (step: -1 | 1) => editor.change((draft) => moveApp(draft, display.uuid, app.uuid, step));
  return (
    <li className="flex flex-col">
      <div className="flex items-center gap-1 py-1 pr-1 pl-2">
        <span className="w-5 shrink-0 text-xs tabular-nums text-muted-foreground">{index + 1}.</span>
        {hasDetails ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={optionsId}
            onClick={() => setOpen(!open)}
            className="flex min-w-0 flex-1 items-center gap-1 rounded-sm text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronRightIcon
              className={cn("size-3.5 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
              aria-hidden="true"
            />
            <span className="truncate">{app.name}</span>
          </button>
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm">{app.name}</span>
        )}
        <AppRowButton
          label={t("device.periph.moveUp", { name: app.name })}
          disabled={disabled || index === 0}
          onClick={() => move(-1)}
        >
          <ArrowUpIcon aria-hidden="true" />
        </AppRowButton>
        <AppRowButton
          label={t("device.periph.moveDown", { name: app.name })}
          disabled={disabled || index === count - 1}
          onClick={() => move(1)}
        >
          <ArrowDownIcon aria-hidden="true" />
        </AppRowButton>
        <AppRowButton
          label={t("device.periph.removeApp", { name: app.name })}
          className="hover:text-destructive"
          disabled={disabled}
          onClick={() => editor.change((draft) => removeApp(draft, display.uuid, app.uuid))}
        >
          <XIcon aria-hidden="true" />
        </AppRowButton>
      </div>
      {!known && <p className="px-2 pb-2 text-xs text-destructive">{t("device.periph.unknownApp")}</p>}
      {open && hasDetails && (
        <fieldset id={optionsId} className="flex flex-col gap-3 border-t bg-muted/40 px-3 py-3">
          <legend className="sr-only">{t("device.periph.appOptions", { name: app.name })}</legend>
          {(template?.header || template?.description) && (
            <div className="flex flex-col gap-0.5" data-testid="app-template-intro">
              {template?.header && <p className="text-sm font-medium">{template.header}</p>}
              {template?.description && <p className="text-xs text-muted-foreground">{template.description}</p>}
            </div>
          )}
          {options.length > 0 && (
            <AppOptionFields
              idPrefix={optionsId}
              options={options}
              config={app.config}
              disabled={disabled}
              onChange={(optionId, value) =>
                editor.change((draft) => setAppOption(draft, display.uuid, app.uuid, optionId, value))
              }
            />
          )}
        </fieldset>
      )}
    </li>
  );
}
