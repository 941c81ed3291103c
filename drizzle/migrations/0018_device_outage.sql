CREATE TABLE `device_outage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	`cause` text DEFAULT 'unknown' NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `device_outage_device_uuid_started_at_idx` ON `device_outage` (`device_uuid`,`started_at`);--> statement-breakpoint
CREATE INDEX `device_outage_open_idx` ON `device_outage` (`device_uuid`) WHERE ended_at is null;--> statement-breakpoint
-- A device offline when outages began to be recorded: its current outage, from when it was last heard (cause not known).
INSERT INTO `device_outage` (`space_uuid`, `device_uuid`, `started_at`, `cause`) SELECT `space_uuid`, `uuid`, `last_seen`, 'unknown' FROM `device` WHERE `online` = 0 AND `last_seen` IS NOT NULL AND `installed_at` IS NOT NULL;
