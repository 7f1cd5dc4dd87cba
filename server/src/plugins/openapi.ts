import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI document generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/openapi.json. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Atelier Shop API",
        description:
          "Course shop of the Atelier language and art school. Texts come in the `locale` of the request.",
        version: "2.0.0",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          tokenAuth: { type: "apiKey", in: "header", name: "Authorization", description: "`Token <key>`" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
