import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadLanguage, storedLang } from "@/lib/i18n";
import { startSessionKeeper } from "@/lib/session/session-keeper";
import { Providers } from "./app/providers";
import { BootScreen } from "./app/root-layout";
import { routes } from "./app/router";
import { AppRouter, prepareFirstLocation } from "./app/routing/app-router";

startSessionKeeper();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter routes={routes} fallback={<BootScreen />} />
      </Providers>
    </StrictMode>,
  );
// A non-English language's texts arrive before the first render (the route chunks load meanwhile): no English flash.
// If they cannot load, English it is. The first page's chunks start loading now too, and a list
// opened without filters goes to its remembered ones before it renders.
const language = loadLanguage(storedLang()).catch((error: unknown) => {
  console.error("Language failed to load", error);
});
void Promise.all([language, prepareFirstLocation(routes)]).then(render);
