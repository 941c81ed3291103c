CREATE TABLE `credential_ticket` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`room` text NOT NULL,
	`credential_uuid` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`credential_uuid`) REFERENCES `space_credential`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credential_ticket_expires_at_idx` ON `credential_ticket` (`expires_at`);--> statement-breakpoint
CREATE TABLE `space_credential` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`scope` text DEFAULT 'read' NOT NULL,
	`location_group_uuid` text,
	`location_uuid` text,
	`secret_hash` text NOT NULL,
	`created_by_user_uuid` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text,
	`last_used_at` text,
	`last_used_ip` text,
	`revoked_at` text,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `space_credential_secret_hash_idx` ON `space_credential` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `space_credential_space_uuid_kind_created_at_idx` ON `space_credential` (`space_uuid`,`kind`,`created_at`);