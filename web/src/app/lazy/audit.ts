export { AuditPage } from "@/features/audit/audit-page";
