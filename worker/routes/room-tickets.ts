import { RoomTicketReply } from "../../contracts/access/room-ticket.ts";
import { issueRoomTicket as issueRoomTicketRoute } from "../../contracts/spaces/routes.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { spaceCtx } from "../middleware/space.ts";
import { issueRoomTicket } from "../services/access/tickets.ts";

/** /api/space/{space}/room-ticket/: any member may join the rooms of their space (a display link or API token: its space's room). */
export const roomTicketRoutes = openApiRouter().openapi(guarded(issueRoomTicketRoute), async (c) => {
  const principal = c.var.principal;
  const buyer =
    principal.kind === "user"
      ? { accessToken: (c.req.header("Authorization") ?? "").replace(/^Bearer\s+/i, "") }
      : { credential: principal.credential };
  const reply = await issueRoomTicket({ ctx: spaceCtx(c), input: { ...c.req.valid("json"), buyer } });
  return c.json(RoomTicketReply.parse(reply), 201, { "Cache-Control": "no-store" });
});
