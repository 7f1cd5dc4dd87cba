/**
 * The page's HTML came from the server renderer (D86): the browser hydrates it instead of rendering anew,
 * so components whose first render could differ from the server's (browser storage) start from what the
 * server rendered and correct it in an effect.
 */
export type ServerPage = {
  /** Whether the server put the cookie modal into the HTML (no closed-modal cookie came with the request). */
  cookieModal: boolean;
};

let serverPage: ServerPage | undefined;

/** Id of the `<script type="application/json">` data block with the server's query cache and page facts. */
export const SERVER_STATE_ID = "app-state";

/** Set by the server renderer before each render, and by the browser before it hydrates. */
export function setServerPage(page: ServerPage) {
  serverPage = page;
}

/** What the server rendered this page with; undefined when the browser renders the page itself. */
export function renderedByServer(): ServerPage | undefined {
  return serverPage;
}
