export type { PreviewProduct, ProductPreview } from "./product-preview.ts";
export { defaultHead, type PageHead } from "./render-page.ts";
export { type HeadProvider, registerSpa } from "./spa.plugin.ts";
