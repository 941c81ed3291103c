DROP INDEX `device_space_uuid_name_idx`;--> statement-breakpoint
DROP INDEX `device_space_uuid_device_type_uuid_idx`;--> statement-breakpoint
DROP INDEX `device_space_uuid_connected_status_idx`;--> statement-breakpoint
DROP INDEX `device_space_uuid_enabled_idx`;--> statement-breakpoint
DROP INDEX `device_space_uuid_vision_enabled_idx`;--> statement-breakpoint
CREATE INDEX `device_space_uuid_name_machine_id_idx` ON `device` (`space_uuid`,`name`,`machine_id`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_device_type_uuid_idx` ON `device` (`space_uuid`,`device_type_uuid`,`online`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_connected_status_idx` ON `device` (`space_uuid`,`connected_status`,`online`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_enabled_idx` ON `device` (`space_uuid`,`enabled`,`online`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_vision_enabled_idx` ON `device` (`space_uuid`,`vision_enabled`,`online`,`uuid`);