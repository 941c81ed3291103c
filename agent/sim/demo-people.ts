/**
 * The demo's users, their memberships and the sign-ins `npm start` prints: who can sign in, apart
 * from the places and devices they look after.
 */
import type { RoleCode } from "../../contracts/reference.ts";
import { DEMO_PASSWORD, DEMO_TABLE, type DemoSpaceKey, demoUuid } from "./demo-ids.ts";

export type DemoUser = {
  key: string;
  uuid: string;
  email: string;
  display_name: string;
  full_name: string;
  /** null: invited, no password yet. */
  password: string | null;
  super_admin: boolean;
  sys_dev: boolean;
  /** Memberships: space → role and status. */
  memberships: { space: DemoSpaceKey; role: RoleCode; status: "active" | "invited" | "disabled" }[];
};

const user = (n: number, u: Omit<DemoUser, "uuid">): DemoUser => ({ ...u, uuid: demoUuid(DEMO_TABLE.user, n) });

export const DEMO_USERS: DemoUser[] = [
  user(1, {
    key: "admin",
    email: "admin@outpost.demo",
    display_name: "ana.admin",
    full_name: "Ana Admin",
    password: DEMO_PASSWORD,
    super_admin: false,
    sys_dev: false,
    memberships: [
      { space: "demo", role: "admin", status: "active" },
      { space: "lab", role: "admin", status: "active" },
    ],
  }),
  user(2, {
    key: "content_manager",
    email: "content-manager@outpost.demo",
    display_name: "carlo.content",
    full_name: "Carlo Content",
    password: DEMO_PASSWORD,
    super_admin: false,
    sys_dev: false,
    memberships: [{ space: "demo", role: "content_manager", status: "active" }],
  }),
  user(3, {
    key: "viewer",
    email: "viewer@outpost.demo",
    display_name: "vera.viewer",
    full_name: "Vera Viewer",
    password: DEMO_PASSWORD,
    super_admin: false,
    sys_dev: false,
    memberships: [{ space: "demo", role: "viewer", status: "active" }],
  }),
  user(4, {
    key: "super_admin",
    email: "super-admin@outpost.demo",
    display_name: "sandra.super",
    full_name: "Sandra Super",
    password: DEMO_PASSWORD,
    super_admin: true,
    sys_dev: false,
    memberships: [{ space: "demo", role: "admin", status: "active" }],
  }),
  user(5, {
    key: "sys_dev",
    email: "sys-dev@outpost.demo",
    display_name: "dario.dev",
    full_name: "Dario Dev",
    password: DEMO_PASSWORD,
    super_admin: false,
    sys_dev: true,
    memberships: [{ space: "demo", role: "admin", status: "active" }],
  }),
  user(6, {
    key: "disabled",
    email: "disabled@outpost.demo",
    display_name: "dina.disabled",
    full_name: "Dina Disabled",
    password: DEMO_PASSWORD,
    super_admin: false,
    sys_dev: false,
    memberships: [{ space: "demo", role: "viewer", status: "disabled" }],
  }),
  user(7, {
    key: "invited",
    email: "invited@outpost.demo",
    display_name: "",
    full_name: "",
    password: null,
    super_admin: false,
    sys_dev: false,
    memberships: [{ space: "demo", role: "content_manager", status: "invited" }],
  }),
];

export const DEMO_USER_UUID = Object.fromEntries(DEMO_USERS.map((u) => [u.key, u.uuid])) as Record<string, string>;

/** The sign-ins that work (printed by `npm start`, listed in the README). */
export const DEMO_SIGN_INS: { email: string; password: string; role: string }[] = [
  { email: "admin@outpost.demo", password: DEMO_PASSWORD, role: "Admin (also a member of Outpost Lab)" },
  { email: "content-manager@outpost.demo", password: DEMO_PASSWORD, role: "Content Manager" },
  { email: "viewer@outpost.demo", password: DEMO_PASSWORD, role: "Viewer" },
  { email: "super-admin@outpost.demo", password: DEMO_PASSWORD, role: "Admin, super admin (Admin Panel)" },
  { email: "sys-dev@outpost.demo", password: DEMO_PASSWORD, role: "Admin, sys_dev (system developer)" },
];
