// The Admin Panel's spaces and their regions.
export { SpacesPage } from "@/features/admin/spaces-page";
