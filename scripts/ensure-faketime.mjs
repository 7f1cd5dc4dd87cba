#!/usr/bin/env node
// Debian's libfaketime: `scripts/on-day.mjs` runs the unit stage on another day with it, and the browser
// test of the first lesson (e2e/tests/first-lesson-clock.spec.ts) starts a shop whose clock says 11:12.
import { ensureDebian } from "./lib/ensure-debian.mjs";

ensureDebian("faketime");
