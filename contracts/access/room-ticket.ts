import { z } from "zod";

/** POST /api/space/{space}/room-ticket/: the room a browser is about to join. */
export const RoomTicketInput = z.object({
  room: z
    .string()
    .regex(
      /^(space|location|device)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "Name a room as space/{uuid}, location/{uuid} or device/{uuid}.",
    ),
});
export type RoomTicketInput = z.infer<typeof RoomTicketInput>;

/** A single-use ticket for that room, valid `expires_in` seconds: connect to `url` (same origin). */
export const RoomTicketReply = z.object({
  ticket: z.string(),
  room: z.string(),
  expires_in: z.number().int(),
  url: z.string(),
});
export type RoomTicketReply = z.infer<typeof RoomTicketReply>;
