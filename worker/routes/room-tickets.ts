import { Hono } from "hono";
import { RoomTicketInput, RoomTicketReply } from "../../contracts/room-ticket.ts";
import type { AppEnv } from "../env.ts";
import { validateInput } from "../lib/validate-input.ts";
import { spaceCtx } from "../middleware/space.ts";
import { issueRoomTicket } from "../services/spaces/room-tickets.ts";

/** /api/space/{space}/room-ticket/: any member may join the rooms of their space. */
export const roomTicketRoutes = new Hono<AppEnv>({ strict: false }).post(
  "/room-ticket",
  validateInput("json", RoomTicketInput),
  async (c) => {
    const accessToken = (c.req.header("Authorization") ?? "").replace(/^Bearer\s+/i, "");
    const reply = await issueRoomTicket({ ctx: spaceCtx(c), input: { ...c.req.valid("json"), accessToken } });
    return c.json(RoomTicketReply.parse(reply), 201, { "Cache-Control": "no-store" });
  },
);
