// The smoke plan (e2e/xbrowser/plan.py) in Firefox: headless, over WebDriver BiDi, with
// npm puppeteer-core and a Firefox binary of the system (no geckodriver).
//
//   node firefox.mjs FIREFOX SITE_URL PLAN.json FOUND.json
//
// Plays the plan's steps and writes what its `read` steps found, plus every page error,
// console error and request outside the origin seen, to FOUND.json (screenshots beside it).
// The browser's own events are listened to before the first page opens, and the plan's
// WATCH runs in every page before its scripts (a BiDi preload script), so both see the
// whole boot. For `offline` it prints "offline?" and waits for a line on stdin: the
// runner (smoke_firefox.py) stops the site's server, then answers.
import { click } from "./click.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

// puppeteer-core is a dev dependency of web/ (web/package.json), installed there by npm ci.
const puppeteer = createRequire(new URL("../../web/package.json", import.meta.url))(
  "puppeteer-core");

const [firefox, site, planFile, foundFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, "utf8"));
const origin = new URL(site).origin + "/";
const shots = dirname(foundFile);
const found = { events: [] };
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

function say(text) {
  process.stdout.write(text + "\n");
}

async function until(page, js, what, seconds) {
  try {
    await page.waitForFunction(js, { timeout: seconds * 1000, polling: 200 });
  } catch (error) {
    throw new Error(`waited ${seconds} s for ${what}: ${error.message}`);
  }
}

async function boot(page, url) {
  const started = Date.now();
  if (url === undefined) await page.reload({ waitUntil: "load" });
  else await page.goto(site + url, { waitUntil: "load" });
  await until(page, "document.documentElement.dataset.ready === 'true'", "the app to start",
    plan.boot_seconds);
  say(`booted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function step(page, s) {
  switch (s.do) {
    case "boot":
      return boot(page, s.url);
    case "route":
      return page.evaluate((hash) => { location.hash = hash; }, s.hash);
    case "click": {
      const css = JSON.stringify(s.css);
      await until(page, `document.querySelector(${css}) && !document.querySelector(${css}).disabled`,
        s.css, plan.step_seconds);
      return click(page, s.css);
    }
    case "until":
      return until(page, s.js, s.what, plan.step_seconds);
    case "run":
      return page.evaluate(s.js);
    case "read":
      found[s.key] = await page.evaluate(s.js);
      return undefined;
    case "shot":
      return page.screenshot({ path: `${shots}/firefox-${s.name}.png` });
    case "offline":
      say("offline?");
      if ((await lines.next()).value !== "offline") throw new Error("the server did not stop");
      return undefined;
    default:
      throw new Error(`unknown step ${s.do}`);
  }
}

const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath: firefox,
  headless: true,
});
let failed = null;
try {
  say(`Firefox ${await browser.version()}`);
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.on("pageerror", (error) => found.events.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") found.events.push(`console error: ${message.text()}`);
  });
  await page.evaluateOnNewDocument(plan.watch);
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) {
      found.events.push(`request outside the origin: ${url}`);
    }
  });
  for (const [index, s] of plan.steps.entries()) {
    try {
      await step(page, s);
    } catch (error) {
      failed = `step ${index} (${JSON.stringify(s).slice(0, 160)}): ${error.message}`;
      await page.screenshot({ path: foundFile.replace(/\.json$/, ".png") }).catch(() => {});
      found.problems_at_failure = await page.evaluate(plan.problems_js).catch(() => null);
      break;
    }
  }
} finally {
  found.failed = failed;
  writeFileSync(foundFile, JSON.stringify(found));
  await browser.close();
}
process.exit(0);
