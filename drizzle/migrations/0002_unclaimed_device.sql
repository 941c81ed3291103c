CREATE TABLE `unclaimed_device` (
	`uuid` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`machine_id` text,
	`inventory` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`claimed_at` text,
	`claimed_device_uuid` text,
	`enrolled_at` text,
	FOREIGN KEY (`claimed_device_uuid`) REFERENCES `device`(`uuid`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `unclaimed_device_claimed_device_uuid_idx` ON `unclaimed_device` (`claimed_device_uuid`);