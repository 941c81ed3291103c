import { openText, sealText } from "../../lib/crypto-box.ts";

/** A box binds to its row: a sealed code copied to another row, device or space does not open. */
export const codeAad = (row: { uuid: string; space_uuid: string; device_uuid: string }) =>
  `installation_code:${row.space_uuid}:${row.device_uuid}:${row.uuid}`;

export const sealCode = async (key: CryptoKey, code: string, row: Parameters<typeof codeAad>[0]) =>
  sealText(key, code, codeAad(row));

export const openCode = async (key: CryptoKey, box: string, row: Parameters<typeof codeAad>[0]) =>
  openText(key, box, codeAad(row));
