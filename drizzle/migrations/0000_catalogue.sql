CREATE TABLE `action_token` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_uuid` text NOT NULL,
	`account_uuid` text,
	`space_uuid` text,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_uuid`) REFERENCES `space_account`(`account_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `action_token_user_uuid_purpose_idx` ON `action_token` (`user_uuid`,`purpose`);--> statement-breakpoint
CREATE INDEX `action_token_account_uuid_idx` ON `action_token` (`account_uuid`);--> statement-breakpoint
CREATE TABLE `application` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`name` text NOT NULL,
	`config` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `application_uuid_idx` ON `application` (`uuid`);--> statement-breakpoint
CREATE INDEX `application_name_idx` ON `application` (`name`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text,
	`actor_user_uuid` text,
	`actor_device_uuid` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_uuid` text,
	`before` text,
	`after` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_space_uuid_created_at_idx` ON `audit_log` (`space_uuid`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_uuid_created_at_idx` ON `audit_log` (`entity_uuid`,`created_at`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refresh_token` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	`user_uuid` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `refresh_token_family_id_idx` ON `refresh_token` (`family_id`);--> statement-breakpoint
CREATE TABLE `signing_key` (
	`kid` text PRIMARY KEY NOT NULL,
	`private_jwk` text NOT NULL,
	`public_jwk` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `camera` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`location_uuid` text NOT NULL,
	`device_uuid` text,
	`name` text DEFAULT '' NOT NULL,
	`ip_address` text NOT NULL,
	`http_port` integer NOT NULL,
	`main_rtsp_port` integer NOT NULL,
	`sub_rtsp_port` integer,
	`main_rtsp_url` text DEFAULT '' NOT NULL,
	`main_stream` text NOT NULL,
	`sub_stream` text DEFAULT '' NOT NULL,
	`username` text NOT NULL,
	`password` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `camera_space_uuid_location_uuid_idx` ON `camera` (`space_uuid`,`location_uuid`);--> statement-breakpoint
CREATE INDEX `camera_device_uuid_idx` ON `camera` (`device_uuid`);--> statement-breakpoint
CREATE TABLE `comment` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`display_uuid` text,
	`peripheral_uuid` text,
	`author_user_uuid` text,
	`value` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`display_uuid`) REFERENCES `display`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`peripheral_uuid`) REFERENCES `peripheral`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `comment_space_uuid_device_uuid_created_at_idx` ON `comment` (`space_uuid`,`device_uuid`,`created_at`);--> statement-breakpoint
CREATE INDEX `comment_display_uuid_idx` ON `comment` (`display_uuid`);--> statement-breakpoint
CREATE INDEX `comment_peripheral_uuid_idx` ON `comment` (`peripheral_uuid`);--> statement-breakpoint
CREATE TABLE `country` (
	`uuid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `country_code_idx` ON `country` (`code`);--> statement-breakpoint
CREATE TABLE `detected_device` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`location_uuid` text NOT NULL,
	`scan_uuid` text,
	`name` text DEFAULT '' NOT NULL,
	`ip_address` text DEFAULT '' NOT NULL,
	`mac_address` text DEFAULT '' NOT NULL,
	`device_type_uuid` text DEFAULT '6f1c7a52-0004-4000-8000-000000000006' NOT NULL,
	`connected_status` text DEFAULT 'non_connected' NOT NULL,
	`device_uuid` text,
	`detected_at` text NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scan_uuid`) REFERENCES `detection_scan`(`uuid`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`device_type_uuid`) REFERENCES `device_type`(`uuid`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `detected_device_space_uuid_location_uuid_detected_at_idx` ON `detected_device` (`space_uuid`,`location_uuid`,`detected_at`);--> statement-breakpoint
CREATE TABLE `detection_scan` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`location_uuid` text NOT NULL,
	`requested_by_user_uuid` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`total_detections` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by_user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `detection_scan_space_uuid_location_uuid_created_at_idx` ON `detection_scan` (`space_uuid`,`location_uuid`,`created_at`);--> statement-breakpoint
CREATE TABLE `device` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`device_type_uuid` text DEFAULT '6f1c7a52-0004-4000-8000-000000000006' NOT NULL,
	`device_category_uuid` text DEFAULT '6f1c7a52-0005-4000-8000-000000000005' NOT NULL,
	`device_class` text,
	`connected_status` text DEFAULT 'non_connected' NOT NULL,
	`online` integer DEFAULT false NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`debug_mode` integer DEFAULT false NOT NULL,
	`vision_enabled` text DEFAULT 'disabled' NOT NULL,
	`demo_mode` integer DEFAULT false NOT NULL,
	`location_uuid` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`installed_at` text,
	`last_seen` text,
	`online_since` text,
	`telemetry_updated_at` text,
	`installation_date` text,
	`installation_image_uuid` text,
	`installation_image_name` text,
	`salt_minion_id` text,
	`machine_id` text,
	`local_ip_addresses` text DEFAULT '[]' NOT NULL,
	`external_ip_address` text,
	`ip_address` text,
	`mac_addresses` text DEFAULT '[]' NOT NULL,
	`operating_system_name` text,
	`operating_system_version` text,
	`operating_system_architecture` text,
	`motherboard_manufacturer` text,
	`motherboard_product_name` text,
	`cpu_model` text,
	`cpu_version` text,
	`cpu_manufacturer` text,
	`graphic_cards` text DEFAULT '[]' NOT NULL,
	`storage_drives` text DEFAULT '[]' NOT NULL,
	`ram_size` integer,
	`thermal_status` text,
	`cpu_temperature` real,
	`network_status` text,
	`peripherals_status` text DEFAULT '[]' NOT NULL,
	`cpu_condition` integer,
	`uptime_condition` integer,
	`ram_condition` integer,
	`storage_condition` integer,
	`network_condition` integer,
	`gpu_condition` integer,
	`thermal_condition` integer,
	`peripherals_condition` integer,
	`combined_status` integer,
	`latest_telemetry` text,
	`unclaimed_device_uuid` text,
	`created_by_user_uuid` text,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_type_uuid`) REFERENCES `device_type`(`uuid`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`device_category_uuid`) REFERENCES `device_category`(`uuid`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `device_space_uuid_online_idx` ON `device` (`space_uuid`,`online`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_created_at_idx` ON `device` (`space_uuid`,`created_at`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_installation_date_idx` ON `device` (`space_uuid`,`installation_date`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_updated_at_idx` ON `device` (`space_uuid`,`updated_at`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_last_seen_idx` ON `device` (`space_uuid`,`last_seen`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_location_uuid_idx` ON `device` (`space_uuid`,`location_uuid`,`created_at`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_device_type_uuid_idx` ON `device` (`space_uuid`,`device_type_uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_connected_status_idx` ON `device` (`space_uuid`,`connected_status`,`online`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_enabled_idx` ON `device` (`space_uuid`,`enabled`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_vision_enabled_idx` ON `device` (`space_uuid`,`vision_enabled`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_combined_status_idx` ON `device` (`space_uuid`,`combined_status`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_name_idx` ON `device` (`space_uuid`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `device_unclaimed_device_uuid_idx` ON `device` (`unclaimed_device_uuid`);--> statement-breakpoint
CREATE TABLE `device_availability` (
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`day` text NOT NULL,
	`online_seconds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`device_uuid`, `day`),
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `device_availability_space_uuid_day_idx` ON `device_availability` (`space_uuid`,`day`);--> statement-breakpoint
CREATE TABLE `device_category` (
	`uuid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `device_category_type` (
	`device_category_uuid` text NOT NULL,
	`device_type_uuid` text NOT NULL,
	PRIMARY KEY(`device_category_uuid`, `device_type_uuid`),
	FOREIGN KEY (`device_category_uuid`) REFERENCES `device_category`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_type_uuid`) REFERENCES `device_type`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `device_credential` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`device_uuid` text NOT NULL,
	`space_uuid` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `device_credential_device_uuid_idx` ON `device_credential` (`device_uuid`);--> statement-breakpoint
CREATE TABLE `device_type` (
	`uuid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`shorthand` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `display` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`name` text NOT NULL,
	`primary` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`resolution` text DEFAULT '' NOT NULL,
	`available_resolutions` text DEFAULT '[]' NOT NULL,
	`refresh_rate` real,
	`available_refresh_rates` text DEFAULT '{}' NOT NULL,
	`orientation` text DEFAULT 'normal' NOT NULL,
	`graphical_output` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `display_space_uuid_device_uuid_idx` ON `display` (`space_uuid`,`device_uuid`);--> statement-breakpoint
CREATE TABLE `display_application` (
	`display_uuid` text NOT NULL,
	`application_uuid` text NOT NULL,
	`space_uuid` text NOT NULL,
	`config` text DEFAULT '{}' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`display_uuid`, `application_uuid`),
	FOREIGN KEY (`display_uuid`) REFERENCES `display`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_uuid`) REFERENCES `application`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `display_application_application_uuid_idx` ON `display_application` (`application_uuid`);--> statement-breakpoint
CREATE TABLE `installation_code` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `installation_code_code_hash_idx` ON `installation_code` (`code_hash`);--> statement-breakpoint
CREATE INDEX `installation_code_device_uuid_idx` ON `installation_code` (`device_uuid`);--> statement-breakpoint
CREATE TABLE `location` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`name` text NOT NULL,
	`display_id` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`location_type_uuid` text,
	`country_code` text,
	`city` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`zip_code` text DEFAULT '' NOT NULL,
	`latitude` real,
	`longitude` real,
	`timezone` text DEFAULT '' NOT NULL,
	`global_timezone_enabled` integer DEFAULT true NOT NULL,
	`global_working_time_enabled` integer DEFAULT true NOT NULL,
	`location_custom_1` text DEFAULT '' NOT NULL,
	`location_custom_2` text DEFAULT '' NOT NULL,
	`location_custom_3` text DEFAULT '' NOT NULL,
	`location_custom_4` text DEFAULT '' NOT NULL,
	`location_custom_5` text DEFAULT '' NOT NULL,
	`location_custom_6` text DEFAULT '' NOT NULL,
	`location_custom_7` text DEFAULT '' NOT NULL,
	`location_custom_8` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_type_uuid`) REFERENCES `location_type`(`uuid`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`country_code`) REFERENCES `country`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `location_space_uuid_created_at_idx` ON `location` (`space_uuid`,`created_at`,`uuid`);--> statement-breakpoint
CREATE INDEX `location_space_uuid_updated_at_idx` ON `location` (`space_uuid`,`updated_at`,`uuid`);--> statement-breakpoint
CREATE INDEX `location_space_uuid_name_idx` ON `location` (`space_uuid`,`name`);--> statement-breakpoint
CREATE INDEX `location_space_uuid_location_type_uuid_idx` ON `location` (`space_uuid`,`location_type_uuid`);--> statement-breakpoint
CREATE INDEX `location_space_uuid_country_code_idx` ON `location` (`space_uuid`,`country_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `location_space_uuid_display_id_idx` ON `location` (`space_uuid`,`display_id`) WHERE display_id <> '';--> statement-breakpoint
CREATE TABLE `location_group_location` (
	`location_group_uuid` text NOT NULL,
	`location_uuid` text NOT NULL,
	`space_uuid` text NOT NULL,
	PRIMARY KEY(`location_group_uuid`, `location_uuid`),
	FOREIGN KEY (`location_group_uuid`) REFERENCES `location_group`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `location_group_location_location_uuid_idx` ON `location_group_location` (`location_uuid`);--> statement-breakpoint
CREATE TABLE `location_group` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `location_group_space_uuid_created_at_idx` ON `location_group` (`space_uuid`,`created_at`,`uuid`);--> statement-breakpoint
CREATE INDEX `location_group_space_uuid_active_idx` ON `location_group` (`space_uuid`,`active`,`uuid`);--> statement-breakpoint
CREATE INDEX `location_group_space_uuid_updated_at_idx` ON `location_group` (`space_uuid`,`updated_at`,`uuid`);--> statement-breakpoint
CREATE TABLE `location_type` (
	`uuid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`uuid` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`html` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_created_at_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to`);--> statement-breakpoint
CREATE TABLE `peripheral` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`device_uuid` text NOT NULL,
	`peripheral_type_uuid` text NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`manufacturer` text DEFAULT '' NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`communication_protocol` text DEFAULT '' NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`serial_number` text DEFAULT '' NOT NULL,
	`firmware` text DEFAULT '' NOT NULL,
	`protocol_details` text DEFAULT '' NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`peripheral_type_uuid`) REFERENCES `peripheral_type`(`uuid`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `peripheral_space_uuid_device_uuid_idx` ON `peripheral` (`space_uuid`,`device_uuid`);--> statement-breakpoint
CREATE TABLE `peripheral_type` (
	`uuid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `role` (
	`uuid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `role_code_idx` ON `role` (`code`);--> statement-breakpoint
CREATE TABLE `runner` (
	`uuid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`config` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `runner_name_idx` ON `runner` (`name`);--> statement-breakpoint
CREATE TABLE `space` (
	`space_uuid` text PRIMARY KEY NOT NULL,
	`space_name` text NOT NULL,
	`space_type` text DEFAULT 'organization' NOT NULL,
	`space_datacenter` text DEFAULT 'local' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`global_working_time_enabled` integer DEFAULT false NOT NULL,
	`location_custom_1_alias` text DEFAULT '' NOT NULL,
	`location_custom_1_enabled` integer DEFAULT false NOT NULL,
	`location_custom_1_required` integer DEFAULT false NOT NULL,
	`location_custom_1_unique` integer DEFAULT false NOT NULL,
	`location_custom_2_alias` text DEFAULT '' NOT NULL,
	`location_custom_2_enabled` integer DEFAULT false NOT NULL,
	`location_custom_2_required` integer DEFAULT false NOT NULL,
	`location_custom_2_unique` integer DEFAULT false NOT NULL,
	`location_custom_3_alias` text DEFAULT '' NOT NULL,
	`location_custom_3_enabled` integer DEFAULT false NOT NULL,
	`location_custom_3_required` integer DEFAULT false NOT NULL,
	`location_custom_3_unique` integer DEFAULT false NOT NULL,
	`location_custom_4_alias` text DEFAULT '' NOT NULL,
	`location_custom_4_enabled` integer DEFAULT false NOT NULL,
	`location_custom_4_required` integer DEFAULT false NOT NULL,
	`location_custom_4_unique` integer DEFAULT false NOT NULL,
	`location_custom_5_alias` text DEFAULT '' NOT NULL,
	`location_custom_5_enabled` integer DEFAULT false NOT NULL,
	`location_custom_5_required` integer DEFAULT false NOT NULL,
	`location_custom_5_unique` integer DEFAULT false NOT NULL,
	`location_custom_6_alias` text DEFAULT '' NOT NULL,
	`location_custom_6_enabled` integer DEFAULT false NOT NULL,
	`location_custom_6_required` integer DEFAULT false NOT NULL,
	`location_custom_6_unique` integer DEFAULT false NOT NULL,
	`location_custom_7_alias` text DEFAULT '' NOT NULL,
	`location_custom_7_enabled` integer DEFAULT false NOT NULL,
	`location_custom_7_required` integer DEFAULT false NOT NULL,
	`location_custom_7_unique` integer DEFAULT false NOT NULL,
	`location_custom_8_alias` text DEFAULT '' NOT NULL,
	`location_custom_8_enabled` integer DEFAULT false NOT NULL,
	`location_custom_8_required` integer DEFAULT false NOT NULL,
	`location_custom_8_unique` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `space_account` (
	`account_uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`user_uuid` text NOT NULL,
	`role_uuid` text NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`online` integer DEFAULT false NOT NULL,
	`last_seen` text,
	`invited_on` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_uuid`) REFERENCES `role`(`uuid`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `space_account_space_uuid_user_uuid_idx` ON `space_account` (`space_uuid`,`user_uuid`);--> statement-breakpoint
CREATE INDEX `space_account_user_uuid_idx` ON `space_account` (`user_uuid`);--> statement-breakpoint
CREATE INDEX `space_account_space_uuid_status_idx` ON `space_account` (`space_uuid`,`status`);--> statement-breakpoint
CREATE INDEX `space_account_space_uuid_role_uuid_idx` ON `space_account` (`space_uuid`,`role_uuid`);--> statement-breakpoint
CREATE TABLE `device_tag` (
	`device_uuid` text NOT NULL,
	`tag_uuid` text NOT NULL,
	`space_uuid` text NOT NULL,
	PRIMARY KEY(`device_uuid`, `tag_uuid`),
	FOREIGN KEY (`device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_uuid`) REFERENCES `tag`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `device_tag_tag_uuid_idx` ON `device_tag` (`tag_uuid`,`device_uuid`);--> statement-breakpoint
CREATE TABLE `location_tag` (
	`location_uuid` text NOT NULL,
	`tag_uuid` text NOT NULL,
	`space_uuid` text NOT NULL,
	PRIMARY KEY(`location_uuid`, `tag_uuid`),
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_uuid`) REFERENCES `tag`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `location_tag_tag_uuid_idx` ON `location_tag` (`tag_uuid`,`location_uuid`);--> statement-breakpoint
CREATE TABLE `tag` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tag_space_uuid_name_idx` ON `tag` (`space_uuid`,`name`);--> statement-breakpoint
CREATE TABLE `user` (
	`uuid` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`username` text NOT NULL,
	`display_name` text DEFAULT '' NOT NULL,
	`full_name` text DEFAULT '' NOT NULL,
	`password_hash` text DEFAULT '' NOT NULL,
	`sys_dev` integer DEFAULT false NOT NULL,
	`super_admin` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_idx` ON `user` (`email`);--> statement-breakpoint
CREATE TABLE `working_time` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`location_uuid` text,
	`day` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`start` text NOT NULL,
	`end` text NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_uuid`) REFERENCES `location`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `working_time_space_uuid_location_uuid_day_idx` ON `working_time` (`space_uuid`,`location_uuid`,`day`,`position`);