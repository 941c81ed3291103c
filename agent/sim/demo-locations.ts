/**
 * The demo's locations (addresses, coordinates, time zones, custom fields): the longest table, kept
 * alone so the places read as one list.
 */
import type { LocationTypeKey } from "../../contracts/reference.ts";
import { DEMO_TABLE, type DemoSpaceKey, demoUuid } from "./demo-ids.ts";

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
