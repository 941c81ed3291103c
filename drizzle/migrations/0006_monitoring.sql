CREATE TABLE `device_peripheral_condition` (
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`type` text NOT NULL,
	`condition` integer NOT NULL,
	PRIMARY KEY(`device_uuid`, `type`),
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `device_peripheral_condition_space_uuid_type_idx` ON `device_peripheral_condition` (`space_uuid`,`type`,`condition`,`device_uuid`);--> statement-breakpoint
DROP INDEX `device_space_uuid_combined_status_idx`;--> statement-breakpoint
ALTER TABLE `device` ADD `disk_health_condition` integer;--> statement-breakpoint
CREATE INDEX `device_space_uuid_online_last_seen_idx` ON `device` (`space_uuid`,`online`,`last_seen`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_monitoring_idx` ON `device` (`space_uuid`,`connected_status`,`combined_status`,`cpu_condition`,`thermal_condition`,`uptime_condition`,`ram_condition`,`storage_condition`,`disk_health_condition`,`gpu_condition`,`network_condition`,`peripherals_condition`,`location_uuid`,`device_type_uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_monitoring_order_idx` ON `device` (`space_uuid`,`connected_status`,"combined_status" desc,`name`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_combined_status_idx` ON `device` (`space_uuid`,`combined_status`,`uuid`);