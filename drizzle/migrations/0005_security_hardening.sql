CREATE TABLE `room_ticket` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`room` text NOT NULL,
	`user_uuid` text NOT NULL,
	`token_exp` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `room_ticket_expires_at_idx` ON `room_ticket` (`expires_at`);--> statement-breakpoint
ALTER TABLE `login_throttle` ADD `locked_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `login_throttle` ADD `strikes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refresh_token` ADD `replaced_by` text;