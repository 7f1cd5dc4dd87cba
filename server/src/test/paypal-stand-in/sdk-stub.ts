/**
 * The JS SDK v5 stub the browser tests load instead of PayPal's script. It is JavaScript sent as text, cut
 * into its parts by what they do: the buyer's steps (click, create, approve or close the window) and the
 * buttons drawn in the page; `sdkStub` puts them inside `Buttons(props)` and sets `window.paypal`.
 */

/** The buyer's steps, inside `Buttons(props)`: each callback of `props` called as the SDK calls it. */
const BUYER_STEPS = `    function fail(error) {
      if (typeof props.onError === "function") props.onError(asError(error));
      else console.error(error);
    }
    function allowed() {
      if (typeof props.onClick !== "function") return Promise.resolve(true);
      var verdict = true;
      var actions = {
        resolve: function () { return Promise.resolve(); },
        reject: function () { verdict = false; return Promise.resolve(); },
      };
      return Promise.resolve(props.onClick({ fundingSource: "paypal" }, actions)).then(function (result) {
        return verdict && result !== false;
      });
    }
    function createOrder() {
      // intent=subscription: the buttons ask createSubscription for a subscription id instead.
      var create = typeof props.createSubscription === "function" ? props.createSubscription : props.createOrder;
      if (typeof create !== "function") return Promise.reject(new Error("createOrder is required"));
      var refuse = function () { return Promise.reject(new Error("The stand-in creates nothing in the browser.")); };
      var actions = { order: { create: refuse }, subscription: { create: refuse } };
      return Promise.resolve(create({ paymentSource: "paypal" }, actions)).then(function (id) {
        if (typeof id !== "string" || !id) throw new Error("Expected an order id to be passed");
        orderId = id;
        return id;
      });
    }
    function approveAndReturn(id) {
      return fetch(origin + "/stand-in/approve/" + encodeURIComponent(id), { method: "POST" }).then(function (res) {
        if (!res.ok) throw new Error("The stand-in could not approve " + id + " (" + res.status + ")");
        var serverSide = function () { return Promise.reject(new Error("Capture on the server.")); };
        var actions = {
          restart: function () { return approveAndReturn(id); },
          redirect: function (url) { window.location.assign(url); },
          order: { capture: serverSide, authorize: serverSide, get: serverSide, patch: serverSide },
        };
        if (typeof props.onApprove !== "function") return undefined;
        return props.onApprove({
          orderID: id,
          subscriptionID: typeof props.createSubscription === "function" ? id : undefined,
          payerID: "PAYER1",
          paymentID: null,
          billingToken: null,
          facilitatorAccessToken: "A21AA-stand-in",
          paymentSource: "paypal",
        }, actions);
      });
    }
    function run(step) {
      if (!enabled || busy) return;
      busy = true;
      allowed().then(function (ok) { return ok ? step() : undefined; }).catch(fail).then(function () { busy = false; });
    }
    function pay() { return createOrder().then(approveAndReturn); }
    function closeWindow() {
      return createOrder().then(function (id) {
        if (typeof props.onCancel === "function") {
          return props.onCancel({ orderID: id }, { redirect: function (url) { window.location.assign(url || "/"); } });
        }
        return undefined;
      });
    }
`;

/** The buttons drawn in the page (no iframe) and the handle `Buttons(props)` answers. */
const BUTTONS_DRAWN = `    function button(label, onClick) {
      var element = document.createElement("button");
      element.type = "button";
      element.textContent = label;
      element.style.cssText = "display:block;width:100%;margin:4px 0;padding:10px;border-radius:999px;border:0;background:#ffc439;color:#111;font-weight:700;cursor:pointer";
      element.addEventListener("click", onClick);
      return element;
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        var container = typeof target === "string" ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error("Document is ready and element " + target + " does not exist"));
        root = document.createElement("div");
        root.setAttribute("data-paypal-stand-in", "buttons");
        root.appendChild(button("PayPal (stand-in)", function () { run(pay); }));
        var close = button("close window", function () { run(closeWindow); });
        close.style.background = "#eee";
        root.appendChild(close);
        container.appendChild(root);
        if (typeof props.onInit === "function") {
          props.onInit({}, {
            enable: function () { enabled = true; return Promise.resolve(); },
            disable: function () { enabled = false; return Promise.resolve(); },
          });
        }
        return Promise.resolve();
      },
      close: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
        root = null;
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
      hasReturned: function () { return false; },
      resume: function () {},
      get orderId() { return orderId; },
    };
  }
`;

/**
 * `window.paypal.Buttons({createOrder or createSubscription, onApprove, onCancel, onError, onClick, onInit}).render(el)` as the SDK
 * calls them: "PayPal (stand-in)" runs onClick, createOrder, the approval and onApprove (whose `actions.restart()`
 * lets the buyer approve the same order again, as after a declined funding source); "close window" runs onClick,
 * createOrder and onCancel({orderID}); a throwing callback ends in onError. Drawn in the page (no iframe).
 */
export function sdkStub(origin: string): string {
  return `(function () {
  "use strict";
  var origin = ${JSON.stringify(origin)};
  function asError(error) { return error instanceof Error ? error : new Error(String(error)); }
  function Buttons(props) {
    props = props || {};
    var root = null;
    var enabled = true;
    var busy = false;
    var orderId = null;
${BUYER_STEPS}${BUTTONS_DRAWN}  window.paypal = {
    version: "5.0.0-stand-in",
    FUNDING: { PAYPAL: "paypal", CARD: "card", CREDIT: "credit" },
    Buttons: Buttons,
    getFundingSources: function () { return ["paypal"]; },
    isFundingEligible: function (source) { return source === "paypal"; },
  };
})();
`;
}
