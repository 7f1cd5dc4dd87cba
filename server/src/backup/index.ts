// Backups, restores and the move from PGlite to PostgreSQL (D301, D302): one file with the database, the
// uploaded images and the offline mails, each entry checked by its SHA-256.
export {
  type BackupSummary,
  createBackup,
  type FilePlaces,
  moveDatabase,
  restoreBackup,
} from "./backup.service.ts";
export { openBackup } from "./backup-file.ts";
export { RestoreRefused } from "./database-dump.ts";
