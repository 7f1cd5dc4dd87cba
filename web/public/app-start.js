// Decision D86: a server-rendered page paints from its HTML and styles alone, so the app's code is fetched
// only after that first paint instead of competing with the styles and the first image for the line. The
// server names the entry and the route's chunks on this script; hydration starts one frame later.
const script = document.querySelector("script[data-app-entry]");
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of (script?.dataset.appChunks ?? "").split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  if (script?.dataset.appEntry) import(script.dataset.appEntry).catch(takeTaps);
};
// The page ignores taps until the app has taken it over. If the app cannot load (a network error, a
// deploy that removed the file) or has not taken over after 10 s, the HTML alone takes taps again: its
// links work without the app, and the controls that need it stay disabled in the HTML.
const takeTaps = () => document.getElementById("root")?.removeAttribute("data-hydrating");
setTimeout(takeTaps, 10_000);
// The frame callback runs right before the first paint; the timeout after it. A tab opened in the
// background has no frames: there the app starts after a second.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
