// The Incidents page (a Monitor tab) and an incident's flyout.
export { IncidentFlyout } from "@/features/incidents/incident-flyout";
export { IncidentsPage } from "@/features/incidents/incidents-page";
