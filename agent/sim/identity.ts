import { rng } from "./episodes.ts";

/**
 * What makes a simulated machine one machine: a machine id and a MAC address of its own, drawn
 * from its whole uuid. (The demo's uuids share their first 24 characters, so anything cut from
 * a uuid's start made every demo device the same machine.) The MAC is locally administered
 * (02:…), as a virtual NIC's is, so it never collides with a real vendor's.
 */
export function simIdentity(uuid: string): { machine_id: string; mac: string } {
  const draw = rng(`${uuid}/identity`);
  const byte = () =>
    Math.floor(draw() * 256)
      .toString(16)
      .padStart(2, "0");
  const machine_id = Array.from({ length: 16 }, byte).join("");
  const mac = ["02", ...Array.from({ length: 5 }, byte)].join(":");
  return { machine_id, mac };
}
