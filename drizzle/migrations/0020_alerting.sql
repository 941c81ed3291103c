CREATE TABLE `alert_channel` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`secret` text,
	`enabled` integer DEFAULT true NOT NULL,
	`delivered_count` integer DEFAULT 0 NOT NULL,
	`dead_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`last_error_at` text,
	`last_delivered_at` text,
	`window_started_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_channel_space_uuid_name_idx` ON `alert_channel` (`space_uuid`,`name`);--> statement-breakpoint
CREATE TABLE `alert_notification` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`channel_uuid` text NOT NULL,
	`incident_uuid` text,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`subject` text NOT NULL,
	`incidents` text DEFAULT '[]' NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`detected_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`delivered_at` text,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_uuid`) REFERENCES `alert_channel`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_notification_idempotency_key_idx` ON `alert_notification` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `alert_notification_channel_uuid_created_at_idx` ON `alert_notification` (`channel_uuid`,`created_at`);--> statement-breakpoint
CREATE TABLE `alert_rule` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`name` text NOT NULL,
	`condition` text NOT NULL,
	`scope` text NOT NULL,
	`duration_s` integer DEFAULT 300 NOT NULL,
	`channels` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_rule_space_uuid_name_idx` ON `alert_rule` (`space_uuid`,`name`);--> statement-breakpoint
CREATE TABLE `incident_bell_seen` (
	`user_uuid` text NOT NULL,
	`space_uuid` text NOT NULL,
	`seen_at` text NOT NULL,
	PRIMARY KEY(`user_uuid`, `space_uuid`),
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `incident_event` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`space_uuid` text NOT NULL,
	`incident_uuid` text NOT NULL,
	`at` text NOT NULL,
	`kind` text NOT NULL,
	`device_uuid` text,
	`device_name` text,
	`account_uuid` text,
	`account_name` text,
	`channel_uuid` text,
	`channel_name` text,
	`channel_kind` text,
	`note` text,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`incident_uuid`) REFERENCES `incident`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `incident_event_incident_uuid_id_idx` ON `incident_event` (`incident_uuid`,`id`);--> statement-breakpoint
CREATE INDEX `incident_event_space_uuid_id_idx` ON `incident_event` (`space_uuid`,`id`);--> statement-breakpoint
CREATE TABLE `incident` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`rule_uuid` text NOT NULL,
	`rule_name` text NOT NULL,
	`condition_kind` text NOT NULL,
	`location_uuid` text NOT NULL,
	`location_name` text NOT NULL,
	`state` text NOT NULL,
	`suppressed_reason` text,
	`devices` text DEFAULT '[]' NOT NULL,
	`peak_devices` integer DEFAULT 0 NOT NULL,
	`opened_at` text NOT NULL,
	`acknowledged_by_uuid` text,
	`acknowledged_by_name` text,
	`acknowledged_at` text,
	`resolved_by_uuid` text,
	`resolved_by_name` text,
	`resolved_at` text,
	`note` text,
	`notified_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `incident_rule_location_live_idx` ON `incident` (`rule_uuid`,`location_uuid`) WHERE state <> 'resolved';--> statement-breakpoint
CREATE INDEX `incident_space_uuid_opened_at_idx` ON `incident` (`space_uuid`,`opened_at`);--> statement-breakpoint
CREATE INDEX `incident_space_uuid_state_idx` ON `incident` (`space_uuid`,`state`,`opened_at`);--> statement-breakpoint
CREATE INDEX `incident_rule_location_resolved_idx` ON `incident` (`rule_uuid`,`location_uuid`,`resolved_at`);--> statement-breakpoint
CREATE TABLE `maintenance_window` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`scope_kind` text NOT NULL,
	`scope_uuid` text NOT NULL,
	`scope_name` text NOT NULL,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`reason` text NOT NULL,
	`created_by_uuid` text,
	`created_by_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `maintenance_window_space_uuid_end_idx` ON `maintenance_window` (`space_uuid`,`end`);--> statement-breakpoint
CREATE TABLE `notification_preference` (
	`user_uuid` text PRIMARY KEY NOT NULL,
	`channels` text DEFAULT '["email","bell"]' NOT NULL,
	`quiet_hours` text,
	`spaces` text DEFAULT '[]' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade
);
