-- Device search (issue 18 item 4): one FTS5 row per device, with the trigram tokenizer so any
-- substring of three characters or more matches (names, "10.21.0.11", MAC fragments), in any
-- case. Its rowid is the device's rowid; space_uuid is stored, not indexed: every search filters
-- by it (worker/services/devices/filters.ts). Columns: name, description, machine id, uuid, the
-- IP addresses (ip_address, external_ip_address, local_ip_addresses) and MAC addresses (as
-- reported and without separators), the location's name and the tag names. Kept in step by the
-- triggers below (device insert/update/delete, device_tag insert/delete, location and tag
-- renames; a deleted location sets device.location_uuid to NULL, which the device trigger sees).
-- To rebuild it: DELETE FROM device_search, then the INSERT … SELECT at the end of this file.
CREATE VIRTUAL TABLE `device_search` USING fts5(
  space_uuid UNINDEXED,
  name,
  description,
  machine_id,
  uuid,
  addresses,
  location,
  tags,
  tokenize = 'trigram'
);
--> statement-breakpoint
CREATE TRIGGER `device_search_device_insert` AFTER INSERT ON `device` BEGIN
  INSERT INTO device_search (rowid, space_uuid, name, description, machine_id, uuid, addresses, location, tags) VALUES (
    new.rowid, new.space_uuid, new.name, new.description, coalesce(new.machine_id, ''), new.uuid,
    trim(coalesce(new.ip_address, '') || ' ' || coalesce(new.external_ip_address, '') || ' ' ||
    coalesce((SELECT group_concat(value, ' ') FROM json_each(new.local_ip_addresses)), '') || ' ' ||
    coalesce((SELECT group_concat(value || ' ' || replace(replace(value, ':', ''), '-', ''), ' ') FROM json_each(new.mac_addresses)), '')),
    coalesce((SELECT l.name FROM location l WHERE l.uuid = new.location_uuid), ''),
    coalesce((SELECT group_concat(t.name, ' ') FROM device_tag dt JOIN tag t ON t.uuid = dt.tag_uuid WHERE dt.device_uuid = new.uuid), '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `device_search_device_update` AFTER UPDATE OF space_uuid, name, description, machine_id, ip_address, external_ip_address, local_ip_addresses, mac_addresses, location_uuid ON `device`
WHEN old.space_uuid IS NOT new.space_uuid OR old.name IS NOT new.name OR old.description IS NOT new.description OR old.machine_id IS NOT new.machine_id OR old.ip_address IS NOT new.ip_address OR old.external_ip_address IS NOT new.external_ip_address OR old.local_ip_addresses IS NOT new.local_ip_addresses OR old.mac_addresses IS NOT new.mac_addresses OR old.location_uuid IS NOT new.location_uuid
BEGIN
  DELETE FROM device_search WHERE rowid = old.rowid;
  INSERT INTO device_search (rowid, space_uuid, name, description, machine_id, uuid, addresses, location, tags) VALUES (
    new.rowid, new.space_uuid, new.name, new.description, coalesce(new.machine_id, ''), new.uuid,
    trim(coalesce(new.ip_address, '') || ' ' || coalesce(new.external_ip_address, '') || ' ' ||
    coalesce((SELECT group_concat(value, ' ') FROM json_each(new.local_ip_addresses)), '') || ' ' ||
    coalesce((SELECT group_concat(value || ' ' || replace(replace(value, ':', ''), '-', ''), ' ') FROM json_each(new.mac_addresses)), '')),
    coalesce((SELECT l.name FROM location l WHERE l.uuid = new.location_uuid), ''),
    coalesce((SELECT group_concat(t.name, ' ') FROM device_tag dt JOIN tag t ON t.uuid = dt.tag_uuid WHERE dt.device_uuid = new.uuid), '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `device_search_device_delete` AFTER DELETE ON `device` BEGIN
  DELETE FROM device_search WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `device_search_tag_link_insert` AFTER INSERT ON `device_tag` BEGIN
  UPDATE device_search SET tags = coalesce((SELECT group_concat(t.name, ' ') FROM device_tag dt JOIN tag t ON t.uuid = dt.tag_uuid WHERE dt.device_uuid = new.device_uuid), '')
  WHERE rowid = (SELECT d.rowid FROM device d WHERE d.uuid = new.device_uuid);
END;
--> statement-breakpoint
CREATE TRIGGER `device_search_tag_link_delete` AFTER DELETE ON `device_tag` BEGIN
  UPDATE device_search SET tags = coalesce((SELECT group_concat(t.name, ' ') FROM device_tag dt JOIN tag t ON t.uuid = dt.tag_uuid WHERE dt.device_uuid = old.device_uuid), '')
  WHERE rowid = (SELECT d.rowid FROM device d WHERE d.uuid = old.device_uuid);
END;
--> statement-breakpoint
CREATE TRIGGER `device_search_tag_rename` AFTER UPDATE OF name ON `tag` WHEN old.name IS NOT new.name BEGIN
  UPDATE device_search SET tags = coalesce((SELECT group_concat(t.name, ' ') FROM device_tag dt JOIN tag t ON t.uuid = dt.tag_uuid WHERE dt.device_uuid = device_search.uuid), '')
  WHERE rowid IN (SELECT d.rowid FROM device_tag dt JOIN device d ON d.uuid = dt.device_uuid WHERE dt.tag_uuid = new.uuid);
END;
--> statement-breakpoint
CREATE TRIGGER `device_search_location_rename` AFTER UPDATE OF name ON `location` WHEN old.name IS NOT new.name BEGIN
  UPDATE device_search SET location = new.name
  WHERE rowid IN (SELECT d.rowid FROM device d WHERE d.space_uuid = new.space_uuid AND d.location_uuid = new.uuid);
END;
--> statement-breakpoint
INSERT INTO device_search (rowid, space_uuid, name, description, machine_id, uuid, addresses, location, tags)
SELECT d.rowid, d.space_uuid, d.name, d.description, coalesce(d.machine_id, ''), d.uuid,
    trim(coalesce(d.ip_address, '') || ' ' || coalesce(d.external_ip_address, '') || ' ' ||
    coalesce((SELECT group_concat(value, ' ') FROM json_each(d.local_ip_addresses)), '') || ' ' ||
    coalesce((SELECT group_concat(value || ' ' || replace(replace(value, ':', ''), '-', ''), ' ') FROM json_each(d.mac_addresses)), '')),
    coalesce((SELECT l.name FROM location l WHERE l.uuid = d.location_uuid), ''),
    coalesce((SELECT group_concat(t.name, ' ') FROM device_tag dt JOIN tag t ON t.uuid = dt.tag_uuid WHERE dt.device_uuid = d.uuid), '')
FROM device d;
