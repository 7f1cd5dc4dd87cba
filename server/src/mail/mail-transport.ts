import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../config/index.ts";
import type { RenderedAttachment } from "./attachments.ts";

/** A stored outbox mail as the transport needs it. */
export type OutgoingMail = {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  attachments?: readonly RenderedAttachment[];
};

export type MailTransport = {
  send(message: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log; never contains credentials. */
  describe(): string;
};

export type MailTransportEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">;

// A hung relay must not hold the worker's batch past the claim lease (see mail-worker.ts).
const SEND_TIMEOUT_MS = 60_000;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox, so an offline start loses no mail. */
export function createTransport(env: MailTransportEnv): MailTransport {
  return env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : createEmlTransport(env);
}

/**
 * Options from the URL (nodemailer parses `smtp://user:pass@host:port?key=value`, e.g. `?requireTLS=true`).
 * A plain smtp:// relay on this machine (a dev catcher, a local MTA) often offers a STARTTLS it cannot
 * complete with a trusted certificate, so TLS is skipped there unless the URL asks for it.
 */
export function smtpOptionsFromUrl(smtpUrl: string): { url: string; ignoreTLS?: boolean } {
  const url = new URL(smtpUrl);
  const plainLoopback = url.protocol === "smtp:" && LOOPBACK_HOSTS.has(url.hostname);
  const tlsChosenInUrl = url.searchParams.has("ignoreTLS") || url.searchParams.has("requireTLS");
  return plainLoopback && !tlsChosenInUrl ? { url: smtpUrl, ignoreTLS: true } : { url: smtpUrl };
}

/** Both transports attach the same way; an image with a cid goes inline beside the HTML that shows it. */
function nodemailerAttachments(message: OutgoingMail) {
  return (message.attachments ?? []).map((file) => ({
    filename: file.filename,
    content: file.content,
    contentType: file.contentType,
    ...(file.cid ? { cid: file.cid, contentDisposition: "inline" as const } : {}),
  }));
}

function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // Values parsed from the URL win over the ones above (nodemailer merges url data last).
    ...smtpOptionsFromUrl(smtpUrl),
  });
  const url = new URL(smtpUrl);
  const where = `smtp ${url.protocol}//${url.host}`;
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: nodemailerAttachments(message),
        headers: { "X-Atelier-Mail-Id": String(message.id), "X-Atelier-Template": message.template },
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    },
    describe: () => where,
  };
}

function createEmlTransport(env: MailTransportEnv): MailTransport {
  const dir = resolve(join(env.DATA_DIR, "outbox"));
  // streamTransport builds the complete RFC 822 message without sending it; CRLF as the RFC wants.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const info = await composer.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: nodemailerAttachments(message),
        headers: { "X-Atelier-Mail-Id": String(message.id), "X-Atelier-Template": message.template },
      });
      if (!Buffer.isBuffer(info.message)) throw new Error("stream transport returned no buffer");
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${message.id}-${message.template.replace(/[^a-z0-9-]/gi, "_")}.eml`);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, file);
    },
    describe: () => `eml files in ${dir}`,
  };
}

/**
 * Removes the .eml files the folder transport wrote for these mails (erasure, D207): `<id>-<template>.eml`
 * under DATA_DIR/outbox, and a half-written `.partial`. Nothing to do when the folder does not exist (SMTP).
 */
export async function removeMailFiles(dataDir: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const dir = resolve(join(dataDir, "outbox"));
  const wanted = new Set(ids.map(String));
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const doomed = names.filter((name) => wanted.has(/^(\d+)-/.exec(name)?.[1] ?? ""));
  await Promise.all(doomed.map((name) => rm(join(dir, name), { force: true })));
  return doomed.length;
}
