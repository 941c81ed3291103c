import type { HealthCode } from "../../contracts/devices/health.ts";
/**
 * The demo spaces' fixed facts: ids, sign-ins, locations, tags, groups, schedules and the fleet
 * plan. scripts/seed-demo.ts turns them into SQL; the start script, README and e2e tests read
 * them by name. Only plain data here (no database, no hashing).
 */
import type { DeviceTypeKey, LocationTypeKey, RoleCode } from "../../contracts/reference.ts";

/** Demo uuids: 6f1c7a52-01TT-4000-8000-NNNNNNNNNNNN, TT = table number below, N = row number. */
export const demoUuid = (table: number, row: number) =>
  `6f1c7a52-01${String(table).padStart(2, "0")}-4000-8000-${String(row).padStart(12, "0")}`;

export const DEMO_TABLE = {
  space: 0,
  user: 1,
  account: 2,
  location: 3,
  tag: 4,
  location_group: 5,
  working_time: 6,
  device: 7,
  peripheral: 8,
  display: 9,
  camera: 10,
  comment: 11,
  application: 12,
  runner: 13,
  installation_code: 14,
  detection_scan: 15,
  detected_device: 16,
  installation_image: 17,
  alert_rule: 18,
  alert_channel: 19,
} as const;

export const DEMO_SPACE_UUID = demoUuid(DEMO_TABLE.space, 1);
export const LAB_SPACE_UUID = demoUuid(DEMO_TABLE.space, 2);
export const DEMO_PASSWORD = "outpost-demo";

export type DemoSpaceKey = "demo" | "lab";
export const SPACE_UUID_OF: Record<DemoSpaceKey, string> = { demo: DEMO_SPACE_UUID, lab: LAB_SPACE_UUID };

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

export const DEMO_TAGS: { space: DemoSpaceKey; name: string }[] = [
  { space: "demo", name: "flagship" },
  { space: "demo", name: "pilot" },
  { space: "demo", name: "24/7" },
  { space: "demo", name: "outdoor" },
  { space: "demo", name: "seasonal" },
  { space: "demo", name: "priority" },
  { space: "demo", name: "refurbished" },
  { space: "demo", name: "needs-visit" },
  { space: "lab", name: "lab" },
];
export const tagUuid = (space: DemoSpaceKey, name: string) => {
  const i = DEMO_TAGS.findIndex((t) => t.space === space && t.name === name);
  if (i < 0) throw new Error(`no demo tag ${space}/${name}`);
  return demoUuid(DEMO_TABLE.tag, i + 1);
};

export type DemoLocation = {
  key: string;
  uuid: string;
  space: DemoSpaceKey;
  name: string;
  type: LocationTypeKey;
  country: string;
  city: string;
  address: string;
  zip: string;
  lat: number;
  lng: number;
  timezone: string;
  display_id: string;
  description: string;
  /** location_custom_1 (Store manager) and location_custom_2 (Cost centre, unique). */
  manager: string;
  cost_centre: string;
  tags: string[];
};

type L = Omit<DemoLocation, "uuid" | "space" | "description"> & { space?: DemoSpaceKey; description?: string };
const loc = (n: number, l: L): DemoLocation => ({
  space: "demo",
  description: "",
  ...l,
  uuid: demoUuid(DEMO_TABLE.location, n),
});

export const DEMO_LOCATIONS: DemoLocation[] = [
  loc(1, {
    key: "zagreb_hq",
    name: "Zagreb HQ",
    type: "office_building",
    country: "HR",
    city: "Zagreb",
    address: "Ulica grada Vukovara 269",
    zip: "10000",
    lat: 45.8003,
    lng: 15.9714,
    timezone: "Europe/Zagreb",
    display_id: "ZG-HQ",
    manager: "Marko Horvat",
    cost_centre: "CC-1001",
    tags: ["flagship", "priority"],
    description: "Head office: reception, boardroom and canteen.",
  }),
  loc(2, {
    key: "split_riva",
    name: "Split Riva Shop",
    type: "shop",
    country: "HR",
    city: "Split",
    address: "Obala Hrvatskog narodnog preporoda 12",
    zip: "21000",
    lat: 43.5081,
    lng: 16.4402,
    timezone: "Europe/Zagreb",
    display_id: "ST-01",
    manager: "Ivana Perić",
    cost_centre: "CC-2001",
    tags: ["pilot", "seasonal"],
  }),
  loc(3, {
    key: "rijeka_port",
    name: "Rijeka Port Warehouse",
    type: "warehouse",
    country: "HR",
    city: "Rijeka",
    address: "Riva Boduli 1",
    zip: "51000",
    lat: 45.3271,
    lng: 14.4422,
    timezone: "Europe/Zagreb",
    display_id: "RI-WH",
    manager: "Luka Babić",
    cost_centre: "CC-3001",
    tags: ["24/7"],
  }),
  loc(4, {
    key: "osijek_plant",
    name: "Osijek Plant",
    type: "factory",
    country: "HR",
    city: "Osijek",
    address: "Vukovarska cesta 31",
    zip: "31000",
    lat: 45.555,
    lng: 18.6955,
    timezone: "Europe/Zagreb",
    display_id: "OS-PL",
    manager: "Petra Kovačević",
    cost_centre: "CC-4001",
    tags: ["24/7", "needs-visit"],
  }),
  loc(5, {
    key: "zadar_mall",
    name: "Zadar City Mall",
    type: "mall",
    country: "HR",
    city: "Zadar",
    address: "Ulica Hrvatskog sabora 2",
    zip: "23000",
    lat: 44.1194,
    lng: 15.2314,
    timezone: "Europe/Zagreb",
    display_id: "ZD-MALL",
    manager: "Ante Marić",
    cost_centre: "CC-2002",
    tags: ["flagship", "pilot"],
  }),
  loc(6, {
    key: "dubrovnik_truck",
    name: "Dubrovnik Food Truck",
    type: "mobile",
    country: "HR",
    city: "Dubrovnik",
    address: "",
    zip: "",
    lat: 42.6507,
    lng: 18.0944,
    timezone: "Europe/Zagreb",
    display_id: "",
    manager: "Nika Jurić",
    cost_centre: "CC-2003",
    tags: ["outdoor", "seasonal"],
  }),
  loc(7, {
    key: "ljubljana_office",
    name: "Ljubljana Office",
    type: "single_office",
    country: "SI",
    city: "Ljubljana",
    address: "Slovenska cesta 56",
    zip: "1000",
    lat: 46.0569,
    lng: 14.5058,
    timezone: "Europe/Ljubljana",
    display_id: "LJ-01",
    manager: "Matej Novak",
    cost_centre: "CC-5001",
    tags: [],
  }),
  loc(8, {
    key: "vienna_expo",
    name: "Vienna Expo Hall",
    type: "event_venue",
    country: "AT",
    city: "Wien",
    address: "Messeplatz 1",
    zip: "1020",
    lat: 48.2167,
    lng: 16.4053,
    timezone: "Europe/Vienna",
    display_id: "VIE-EXPO",
    manager: "Lena Gruber",
    cost_centre: "CC-6001",
    tags: ["priority"],
  }),
  loc(9, {
    key: "mostar_old_town",
    name: "Mostar Old Town Kiosk",
    type: "shop",
    country: "BA",
    city: "Mostar",
    address: "Kujundžiluk 5",
    zip: "88000",
    lat: 43.3373,
    lng: 17.815,
    timezone: "Europe/Sarajevo",
    display_id: "MO-01",
    manager: "Emina Hadžić",
    cost_centre: "CC-7001",
    tags: ["pilot", "outdoor"],
  }),
  loc(10, {
    key: "pula_home",
    name: "Pula Home Office",
    type: "home",
    country: "HR",
    city: "Pula",
    address: "Flanatička 7",
    zip: "52100",
    lat: 44.8666,
    lng: 13.8496,
    timezone: "Europe/Zagreb",
    display_id: "",
    manager: "Dario Dev",
    cost_centre: "CC-9001",
    tags: ["refurbished"],
  }),
  loc(11, {
    key: "plitvice_visitor",
    name: "Plitvice Visitor Point",
    type: "land",
    country: "HR",
    city: "Plitvička Jezera",
    address: "Entrance 1",
    zip: "53231",
    lat: 44.9016,
    lng: 15.6094,
    timezone: "Europe/Zagreb",
    display_id: "PL-E1",
    manager: "Tomislav Vuković",
    cost_centre: "CC-8001",
    tags: ["outdoor", "seasonal"],
  }),
  loc(12, {
    key: "munich_lab",
    space: "lab",
    name: "Munich Test Bench",
    type: "other",
    country: "DE",
    city: "München",
    address: "Lindwurmstraße 88",
    zip: "80337",
    lat: 48.1249,
    lng: 11.5469,
    timezone: "Europe/Berlin",
    display_id: "LAB-1",
    manager: "",
    cost_centre: "",
    tags: ["lab"],
  }),
];

export const locationUuid = (key: string) => {
  const found = DEMO_LOCATIONS.find((l) => l.key === key);
  if (!found) throw new Error(`no demo location ${key}`);
  return found.uuid;
};

export const DEMO_LOCATION_GROUPS = [
  {
    uuid: demoUuid(DEMO_TABLE.location_group, 1),
    name: "Adriatic Coast",
    active: true,
    locations: ["split_riva", "zadar_mall", "dubrovnik_truck", "pula_home", "rijeka_port"],
  },
  {
    uuid: demoUuid(DEMO_TABLE.location_group, 2),
    name: "Retail Pilot",
    active: true,
    locations: ["split_riva", "zadar_mall", "mostar_old_town"],
  },
  {
    uuid: demoUuid(DEMO_TABLE.location_group, 3),
    name: "Central Europe",
    active: false,
    locations: ["ljubljana_office", "vienna_expo"],
  },
];

type Day = "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
type Schedule = Partial<Record<Day, [start: string, end: string][]>>;
const weekdays = (entries: [string, string][]): Schedule =>
  Object.fromEntries((["monday", "tuesday", "wednesday", "thursday", "friday"] as const).map((d) => [d, entries]));

/** Working time: location key null = the Outpost Demo global schedule. Locations listed here use their own. */
export const DEMO_WORKING_TIME: { location: string | null; schedule: Schedule }[] = [
  {
    location: null,
    schedule: { ...weekdays([["08:00:00", "16:00:00"]]), saturday: [["09:00:00", "13:00:00"]] },
  },
  {
    location: "split_riva",
    schedule: {
      ...weekdays([
        ["08:00:00", "14:00:00"],
        ["17:00:00", "22:00:00"],
      ]),
      saturday: [
        ["08:00:00", "14:00:00"],
        ["17:00:00", "22:00:00"],
      ],
      sunday: [["09:00:00", "13:00:00"]],
    },
  },
  {
    location: "zadar_mall",
    schedule: Object.fromEntries(
      (["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const).map((d) => [
        d,
        [["09:00:00", "21:00:00"]],
      ]),
    ),
  },
  {
    location: "vienna_expo",
    schedule: {
      friday: [["10:00:00", "20:00:00"]],
      saturday: [["10:00:00", "20:00:00"]],
      sunday: [["10:00:00", "18:00:00"]],
    },
  },
];

export type DemoDeviceStatus =
  | "online"
  | "offline"
  | "disconnected"
  | "non_connected"
  | "installation_pending"
  | "archived";
export type DemoDeviceClass = "kiosk" | "retail_pos" | "visualization" | null;

export type DemoDeviceSpec = {
  n: number;
  uuid: string;
  space: DemoSpaceKey;
  location: string | null;
  name: string;
  type: DeviceTypeKey;
  device_class: DemoDeviceClass;
  /** online/offline are connected devices with that presence. */
  status: DemoDeviceStatus;
};

type Row = [location: string | null, name: string, type: DeviceTypeKey, cls: DemoDeviceClass, status: DemoDeviceStatus];
const FLEET: Row[] = [
  ["zagreb_hq", "ZG Reception Kiosk", "linux", "kiosk", "online"],
  ["zagreb_hq", "ZG Lobby Signage", "android_tv", "visualization", "online"],
  ["zagreb_hq", "ZG Boardroom Display", "windows", "visualization", "online"],
  ["zagreb_hq", "ZG Canteen POS 1", "windows", "retail_pos", "online"],
  ["zagreb_hq", "ZG Canteen POS 2", "windows", "retail_pos", "offline"],
  ["zagreb_hq", "ZG Entrance Camera", "camera", null, "online"],
  ["zagreb_hq", "ZG Spare Unit", "unknown", null, "non_connected"],
  ["split_riva", "ST Self-checkout 1", "linux", "retail_pos", "online"],
  ["split_riva", "ST Self-checkout 2", "linux", "retail_pos", "online"],
  ["split_riva", "ST Till", "windows", "retail_pos", "online"],
  ["split_riva", "ST Window Signage", "raspberry_pi", "visualization", "online"],
  ["split_riva", "ST Shelf Display", "raspberry_pi", "visualization", "disconnected"],
  ["rijeka_port", "RI Dock Terminal 1", "linux", "kiosk", "online"],
  ["rijeka_port", "RI Dock Terminal 2", "linux", "kiosk", "offline"],
  ["rijeka_port", "RI Yard Camera", "camera", null, "online"],
  ["rijeka_port", "RI Time Clock", "raspberry_pi", "kiosk", "online"],
  ["rijeka_port", "RI Old Terminal", "windows", "kiosk", "archived"],
  ["osijek_plant", "OS Line Monitor A", "raspberry_pi", "visualization", "online"],
  ["osijek_plant", "OS Line Monitor B", "raspberry_pi", "visualization", "online"],
  ["osijek_plant", "OS Gate Kiosk", "linux", "kiosk", "online"],
  ["osijek_plant", "OS Shift Board", "android_tv", "visualization", "offline"],
  ["osijek_plant", "OS Hall Camera", "camera", null, "disconnected"],
  ["zadar_mall", "ZD Info Kiosk North", "linux", "kiosk", "online"],
  ["zadar_mall", "ZD Info Kiosk South", "linux", "kiosk", "online"],
  ["zadar_mall", "ZD Ticket Machine", "windows", "kiosk", "online"],
  ["zadar_mall", "ZD Food Court Menu 1", "android_tv", "visualization", "online"],
  ["zadar_mall", "ZD Food Court Menu 2", "android_tv", "visualization", "online"],
  ["zadar_mall", "ZD Parking Pay Station", "linux", "kiosk", "offline"],
  ["zadar_mall", "ZD Promo Wall", "windows", "visualization", "online"],
  ["zadar_mall", "ZD New Kiosk", "unknown", "kiosk", "installation_pending"],
  ["dubrovnik_truck", "DU Truck POS", "raspberry_pi", "retail_pos", "online"],
  ["dubrovnik_truck", "DU Menu Board", "android_tv", "visualization", "offline"],
  ["ljubljana_office", "LJ Front Desk", "windows", "kiosk", "online"],
  ["ljubljana_office", "LJ Meeting Room TV", "android_tv", "visualization", "online"],
  ["ljubljana_office", "LJ Spare Pi", "raspberry_pi", null, "non_connected"],
  ["vienna_expo", "VI Registration Kiosk 1", "linux", "kiosk", "online"],
  ["vienna_expo", "VI Registration Kiosk 2", "linux", "kiosk", "online"],
  ["vienna_expo", "VI Badge Printer Station", "windows", "kiosk", "offline"],
  ["vienna_expo", "VI Stage Screen", "windows", "visualization", "disconnected"],
  ["vienna_expo", "VI Hall Camera", "camera", null, "online"],
  ["vienna_expo", "VI Demo Booth", "linux", "kiosk", "installation_pending"],
  ["mostar_old_town", "MO Souvenir POS", "linux", "retail_pos", "online"],
  ["mostar_old_town", "MO Exchange Kiosk", "linux", "kiosk", "online"],
  ["mostar_old_town", "MO Old POS", "windows", "retail_pos", "archived"],
  ["pula_home", "PU Home Lab Pi", "raspberry_pi", "kiosk", "offline"],
  ["pula_home", "PU Test Kiosk", "linux", "kiosk", "online"],
  ["plitvice_visitor", "PL Ticket Kiosk", "linux", "kiosk", "online"],
  ["plitvice_visitor", "PL Trail Map Screen", "raspberry_pi", "visualization", "disconnected"],
  [null, "Unassigned Android Box", "android_tv", null, "non_connected"],
  [null, "Unassigned Linux Box", "unknown", null, "non_connected"],
  ["munich_lab", "LAB Bench Linux", "linux", "kiosk", "online"],
  ["munich_lab", "LAB Bench Pi", "raspberry_pi", "visualization", "offline"],
  ["munich_lab", "LAB Camera", "camera", null, "non_connected"],
];

export const DEMO_DEVICE_SPECS: DemoDeviceSpec[] = FLEET.map(([location, name, type, device_class, status], i) => ({
  n: i + 1,
  uuid: demoUuid(DEMO_TABLE.device, i + 1),
  space: location === "munich_lab" ? "lab" : "demo",
  location,
  name,
  type,
  device_class,
  status,
}));

/** Condition overrides that make the monitor interesting. */
export const HEALTH: Record<
  string,
  Partial<Record<"cpu" | "ram" | "storage" | "network" | "gpu" | "thermal" | "uptime", HealthCode>>
> = {
  "ST Self-checkout 2": { storage: 3 },
  "OS Line Monitor B": { thermal: 2 },
  "ZD Food Court Menu 2": { ram: 2 },
  "RI Dock Terminal 1": { network: 2 },
  "VI Registration Kiosk 1": { cpu: 2 },
  "ZD Parking Pay Station": { storage: 2, uptime: 2 },
  "PU Test Kiosk": { gpu: 2 },
  "ZG Boardroom Display": { cpu: 3 },
};
