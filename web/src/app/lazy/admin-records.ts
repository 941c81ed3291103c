// One application or runner in the JSON editor, with its history (the Admin Panel).
export {
  ApplicationAddPage,
  ApplicationDetailPage,
  RunnerAddPage,
  RunnerDetailPage,
} from "@/features/admin/admin-record-pages";
