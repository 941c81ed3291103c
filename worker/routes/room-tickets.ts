import { issueRoomTicket as issueRoomTicketRoute } from "../../contracts/api/spaces.ts";
import { RoomTicketReply } from "../../contracts/room-ticket.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { spaceCtx } from "../middleware/space.ts";
import { issueCredentialTicket } from "../services/access/tickets.ts";
import { issueRoomTicket } from "../services/spaces/room-tickets.ts";

/** /api/space/{space}/room-ticket/: any member may join the rooms of their space (a display link or API token: its space's room). */
export const roomTicketRoutes = openApiRouter().openapi(guarded(issueRoomTicketRoute), async (c) => {
  const principal = c.var.principal;
  if (principal.kind !== "user") {
    const reply = await issueCredentialTicket({
      ctx: spaceCtx(c),
      input: { ...c.req.valid("json"), credential: principal.credential },
    });
    return c.json(RoomTicketReply.parse(reply), 201, { "Cache-Control": "no-store" });
  }
  const accessToken = (c.req.header("Authorization") ?? "").replace(/^Bearer\s+/i, "");
  const reply = await issueRoomTicket({ ctx: spaceCtx(c), input: { ...c.req.valid("json"), accessToken } });
  return c.json(RoomTicketReply.parse(reply), 201, { "Cache-Control": "no-store" });
});
