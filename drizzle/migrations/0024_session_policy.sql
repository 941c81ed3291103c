CREATE TABLE `location_consent` (
	`location_uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`mode` text NOT NULL,
	`timeout_s` integer NOT NULL,
	`default_action` text NOT NULL,
	`banner` integer NOT NULL,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `location_consent_space_uuid_idx` ON `location_consent` (`space_uuid`);--> statement-breakpoint
CREATE TABLE `session_policy` (
	`space_uuid` text PRIMARY KEY NOT NULL,
	`policy` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `session_recording` (
	`session` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`user_uuid` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`ended_at` text,
	`bytes` integer DEFAULT 0 NOT NULL,
	`chunks` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_recording_space_started_idx` ON `session_recording` (`space_uuid`,`created_at`);--> statement-breakpoint
CREATE INDEX `session_recording_device_idx` ON `session_recording` (`space_uuid`,`device_uuid`,`created_at`);