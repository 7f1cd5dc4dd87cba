export { demoGatewayRoutes } from "./demo-gateway.routes.ts";
export { createDemoGateway } from "./demo-gateway.ts";
export {
  type CreateOrderOptions,
  centsOf,
  GATEWAY_LABELS,
  type GatewayAddress,
  type GatewayCapture,
  GatewayError,
  type GatewayName,
  type GatewayOrder,
  type GatewayRefund,
  type PaymentGateway,
} from "./gateway.ts";
export { type Gateways, routeGateways } from "./gateway-router.ts";
export { type CreateOrderRequest, createPayPalClient, eur, type WebhookHeaders } from "./paypal-client.ts";
export { createPayPalGateway } from "./paypal-gateway.ts";
export {
  createStripeClient,
  createStripeGateway,
  type StripeGateway,
  type StripeSettings,
  type StripeSubscriptionEvent,
  sessionParamsOf,
} from "./stripe-gateway.ts";
