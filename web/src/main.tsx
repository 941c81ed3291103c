import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers";
import { router } from "./app/router";
import { loadLanguage, storedLang } from "./lib/i18n";
import { startSessionKeeper } from "./lib/session-keeper";

startSessionKeeper();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
// A non-English language's texts arrive before the first render (the route chunks load meanwhile): no English flash.
// If they cannot load, English it is.
loadLanguage(storedLang()).then(render, (error: unknown) => {
  console.error("Language failed to load", error);
  render();
});
