export { AccessPage } from "@/features/access/access-page";
