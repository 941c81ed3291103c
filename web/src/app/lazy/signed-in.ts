// The signed-in frame and what every shell shares; each page comes in its own chunk.
export { AppLayout } from "../app-layout";
export { NotFound } from "../not-found";
