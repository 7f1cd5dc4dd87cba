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
  if (script?.dataset.appEntry) import(script.dataset.appEntry);
};
// The frame callback runs right before the first paint; the timeout after it. A tab opened in the
// background has no frames: there the app starts after a second.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
