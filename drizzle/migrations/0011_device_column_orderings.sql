CREATE INDEX `device_space_uuid_name_idx` ON `device` (`space_uuid`,`name`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_connected_status_order_idx` ON `device` (`space_uuid`,`connected_status`,`uuid`);--> statement-breakpoint
CREATE INDEX `device_space_uuid_device_class_idx` ON `device` (`space_uuid`,`device_class`,`uuid`);