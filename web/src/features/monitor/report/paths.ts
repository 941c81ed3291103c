/** The device health report (console.md §2.11): /performance/{monitoring_type}/{action}/{space_uuid}/{uuid}/{tab}. */
export const healthReportPath = (space: string, uuid: string, tab = "general") =>
  `/performance/device/view/${space}/${uuid}/${tab}`;
