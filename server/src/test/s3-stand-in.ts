import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";

/**
 * A tiny S3-compatible bucket on 127.0.0.1 for the media storage's tests (D146): path-style `PUT` and `GET`
 * of `/<bucket>/<key>`, each request checked as S3 checks it. No or a malformed `Authorization` is 403
 * `AccessDenied`, an unknown key id 403 `InvalidAccessKeyId`, a signature that is not the AWS Signature V4
 * of the request's method, path, query, signed headers and `x-amz-date` under the key's secret 403
 * `SignatureDoesNotMatch`, a body whose SHA-256 differs from `x-amz-content-sha256` 400
 * `XAmzContentSHA256Mismatch`. The signature is recomputed independently of the client's call, from the
 * request as it arrived.
 */
export type S3StandIn = {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as answered: method, path and status. */
  log: { method: string; path: string; status: number }[];
  close(): Promise<void>;
};

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const state = {
    bucket: "atelier-media",
    accessKeyId: "AKIATESTSTANDIN",
    secretAccessKey: "stand-in-secret-key",
    region: "eu-central-1",
    objects: new Map<string, { body: Buffer; contentType: string }>(),
    log: [] as S3StandIn["log"],
  };

  async function verify(
    request: IncomingMessage,
    body: Buffer,
    origin: string,
  ): Promise<[number, string] | null> {
    const match = AUTH.exec(request.headers.authorization ?? "");
    if (!match) return [403, "AccessDenied"];
    const [, keyId, , region, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== state.accessKeyId) return [403, "InvalidAccessKeyId"];
    const declared = request.headers["x-amz-content-sha256"];
    if (typeof declared !== "string") return [400, "InvalidRequest"];
    if (declared !== "UNSIGNED-PAYLOAD" && declared !== createHash("sha256").update(body).digest("hex"))
      return [400, "XAmzContentSHA256Mismatch"];
    const headers: Record<string, string> = {};
    for (const name of (signedHeaders as string).split(";"))
      if (name !== "host") headers[name] = String(request.headers[name] ?? "");
    const expected = new AwsV4Signer({
      method: request.method ?? "GET",
      url: `${origin}${request.url}`,
      headers,
      accessKeyId: state.accessKeyId,
      secretAccessKey: state.secretAccessKey,
      region: region as string,
      service: "s3",
      datetime: String(request.headers["x-amz-date"] ?? ""),
      allHeaders: true,
    });
    if ((await expected.signature()) !== signature) return [403, "SignatureDoesNotMatch"];
    return null;
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const answer = (status: number, text: string | Buffer, type = "application/xml") => {
      state.log.push({ method: request.method ?? "", path, status });
      response.writeHead(status, { "content-type": type }).end(text);
    };
    const refused = await verify(request, body, `http://${request.headers.host}`);
    if (refused) return answer(refused[0], `<Error><Code>${refused[1]}</Code></Error>`);
    const [, bucket, ...rest] = path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucket !== state.bucket) return answer(404, "<Error><Code>NoSuchBucket</Code></Error>");
    if (request.method === "PUT") {
      state.objects.set(key, { body, contentType: String(request.headers["content-type"] ?? "") });
      return answer(200, "");
    }
    if (request.method === "GET") {
      const object = state.objects.get(key);
      if (!object) return answer(404, "<Error><Code>NoSuchKey</Code></Error>");
      return answer(200, object.body, object.contentType);
    }
    return answer(405, "<Error><Code>MethodNotAllowed</Code></Error>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
