/**
 * The page's HTML came from the server renderer (D86): the browser hydrates it instead of rendering anew,
 * so components whose first render would differ from the server's (browser storage) wait for an effect.
 */
let hydrating = false;

/** Id of the `<script type="application/json">` data block with the server's query cache. */
export const SERVER_STATE_ID = "app-state";

export function markHydrating() {
  hydrating = true;
}

/** Whether this page started from server-rendered HTML. */
export function startedFromServerHtml(): boolean {
  return hydrating;
}
