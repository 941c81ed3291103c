CREATE UNIQUE INDEX `application_name_unique_idx` ON `application` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `runner_name_unique_idx` ON `runner` (lower("name"));