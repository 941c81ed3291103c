/*
 * SQL fragments the gathered writes share (gatherer.ts): each statement of a batch reads its
 * devices from one JSON parameter with json_each, so D1's bound-parameter limit does not bound it.
 */

/** The JSON rows a statement reads (`j`): one per device. */
export const rows = (param: number, fields: string[]) =>
  `(select ${fields.map((f) => `json_extract(value, '$.${f}') as ${f}`).join(", ")} from json_each(?${param}))`;
export const uuidsOf = (param: number) => `(select json_extract(value, '$.u') from json_each(?${param}))`;
