/** One HTTP call as a client sees it: status (0 when no answer came), body, time and transport error. */
export type Answer = {
  status: number;
  body: unknown;
  headers: Headers | undefined;
  ms: number;
  /** Why no answer came (connection refused or reset, timeout). */
  error?: string;
};

export type CallOptions = {
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as it is instead of `body` as JSON: a signed webhook's exact bytes. */
  rawBody?: string;
  /** The client gives up after this long (status 0). */
  timeoutMs?: number;
};

/** A call that never throws: faults are what these tests provoke, so a refused connection is an answer too. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      ...(options.rawBody !== undefined
        ? { body: options.rawBody }
        : options.body === undefined
          ? {}
          : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an HTML page): kept as text.
    }
    return { status: res.status, body, headers: res.headers, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      status: 0,
      body: undefined,
      headers: undefined,
      ms: performance.now() - started,
      error: cause ?? (error instanceof Error ? error.name : String(error)),
    };
  }
}

/** The error shape every 4xx and 5xx of the API has (DRF): a text for people and codes for programs. */
export function isDrfError(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const { error_codes: codes } = body as { error_codes?: unknown };
  return typeof codes === "object" && codes !== null && Object.keys(codes).length > 0;
}

/** The error codes of a DRF error body, flattened (`{detail: "x", email: ["y"]}` → ["x", "y"]). */
export function errorCodes(body: unknown): string[] {
  const codes = (body as { error_codes?: Record<string, unknown> } | undefined)?.error_codes ?? {};
  return Object.values(codes).flatMap((value) =>
    Array.isArray(value) ? value.map(String) : [String(value)],
  );
}

/** The checkout calls of the storefront (spec §7), for a signed-in parent. */
export function checkoutCalls(base: string, headers: Record<string, string>) {
  return {
    add: (item: Record<string, unknown>) =>
      call(base, "POST", "/api/v2/orders/items/?locale=de", { headers, body: item }),
    fulfil: () =>
      call(base, "POST", "/api/v2/orders/fulfill/?locale=de&payment_gateway=paypal", {
        headers,
        body: { terms_accepted: true },
      }),
    capture: (paypalId: string, timeoutMs?: number) =>
      call(base, "POST", `/api/v2/orders/${paypalId}/capture/?locale=de`, {
        headers,
        body: { orderID: paypalId },
        ...(timeoutMs ? { timeoutMs } : {}),
      }),
    current: () => call(base, "GET", "/api/v2/orders/current/?locale=de", { headers }),
  };
}
