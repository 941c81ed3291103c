import type { enHealthReport } from "./en-health-report";

/** Izvješće o zdravlju uređaja (djelomično; ostalo na engleskom). */
export const hrHealthReport: Partial<Record<keyof typeof enHealthReport, string>> = {
  "report.title": "Izvješće o zdravlju",
  "report.overall": "Ukupno",
  "report.lastCheck": "Zadnja provjera {time}",
  "report.noCheck": "Još nema provjere",
  "report.refresh": "Osvježi podatke",
  "report.refreshing": "Osvježavanje…",
  "report.offline": "Uređaj je izvan mreže. Najprije ga uključite da biste osvježili podatke.",
  "report.open": "Otvori izvješće o zdravlju",
  "report.cpu": "Procesor",
  "report.uptime": "Vrijeme rada",
  "report.memory": "Memorija",
  "report.disk": "Disk",
  "report.network": "Mreža",
  "report.gpu": "Grafički procesor",
  "report.peripherals": "Periferija",
  "report.charts": "Povijest",
  "report.chart.empty": "Još nema uzoraka u ovom rasponu",
};
