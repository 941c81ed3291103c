/** Orderings of the lists. Free of zod (contracts/values: what the console's first load may import). */

/** The `?ordering=` values of sort keys: each key ascending (`key`) and descending (`-key`). */
export const eitherWay = <const K extends string>(keys: readonly K[]) => keys.flatMap((k) => [k, `-${k}`] as const);
