CREATE TABLE `saved_view` (
	`uuid` text PRIMARY KEY NOT NULL,
	`space_uuid` text NOT NULL,
	`user_uuid` text NOT NULL,
	`list` text NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`space_uuid`) REFERENCES `space`(`space_uuid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_uuid`) REFERENCES `user`(`uuid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_view_space_user_list_name_idx` ON `saved_view` (`space_uuid`,`user_uuid`,`list`,`name`);--> statement-breakpoint
CREATE INDEX `saved_view_user_uuid_idx` ON `saved_view` (`user_uuid`);