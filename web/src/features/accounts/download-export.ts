import { exportAccounts } from "@contracts/accounts/routes";
import { routePath } from "@contracts/http/path";
import { apiDownload } from "@/lib/api/api";
import { type AccountFilters, accountQuery } from "./queries";

export type ExportFormat = "csv" | "html";
export type ExportScope = "page" | "all";

/** GET /space/{space}/account/items/export/ with the list's filters → accounts_export.csv / .html. */
export const downloadAccountsExport = (
  space: string,
  filters: AccountFilters,
  format: ExportFormat,
  scope: ExportScope,
) =>
  apiDownload(routePath(exportAccounts, { space }), {
    query: { ...accountQuery(filters), export_format: format, scope },
    filename: `accounts_export.${format}`,
  });
