CREATE INDEX `device_space_uuid_device_type_order_idx` ON `device` (`space_uuid`,`device_type_uuid`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_location_order_idx` ON `device` (`space_uuid`,`location_uuid`,`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `device_type_name_uuid_idx` ON `device_type` (`name`,`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `location_space_uuid_name_uuid_idx` ON `location` (`space_uuid`,`name`,`uuid`);