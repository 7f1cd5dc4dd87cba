// Uploaded images (D146): what a file is by its bytes, where the bytes are stored, and serving them.
export { findImageByKey, type ImageRow, recordImage } from "./images.repository.ts";
export { mediaRoutes } from "./media.routes.ts";
export { type SniffedImage, sniffImage } from "./sniff.ts";
export { folderStorage, type MediaStorage, mediaStorageFrom, type S3Config, s3Storage } from "./storage.ts";
