#!/usr/bin/env node
// The production-topology fault tests (issue 34) put Debian's Caddy in front of the shop, as the school's
// server does (deploy/Caddyfile).
import { ensureDebian } from "./lib/ensure-debian.mjs";

ensureDebian("caddy");
