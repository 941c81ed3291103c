DROP TABLE `credential_ticket`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_room_ticket` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`room` text NOT NULL,
	`user_uuid` text,
	`credential_uuid` text,
	`token_exp` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`credential_uuid`) REFERENCES `space_credential`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_room_ticket`("ticket_hash", "room", "user_uuid", "credential_uuid", "token_exp", "expires_at", "used_at") SELECT "ticket_hash", "room", "user_uuid", NULL, "token_exp", "expires_at", "used_at" FROM `room_ticket`;--> statement-breakpoint
DROP TABLE `room_ticket`;--> statement-breakpoint
ALTER TABLE `__new_room_ticket` RENAME TO `room_ticket`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `room_ticket_expires_at_idx` ON `room_ticket` (`expires_at`);