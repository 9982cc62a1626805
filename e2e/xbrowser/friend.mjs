// A friend's device in Firefox, for together_firefox.py: one headless Firefox page driven
// over WebDriver BiDi with npm puppeteer-core (as firefox.mjs drives the smoke), step by
// step from the runner, one JSON line each way.
//
//   node friend.mjs FIREFOX WATCH.js
//
// Each line on stdin is a step; its answer is one line on stdout, {"ok": value} or
// {"error": "..."}:
//
// - {"do": "goto", "url", "seconds"}: open url (a change of hash only stays in the page),
//   then wait up to `seconds` for the app to be ready;
// - {"do": "until", "js", "what", "seconds"}: wait for the expression to be truthy;
// - {"do": "click", "css", "seconds"}: wait for css to be there and enabled, click it;
// - {"do": "eval", "js"}: the value of the expression (the friend's reply, the page's HTML);
// - {"do": "shot", "path"}; {"do": "events"}: the page errors and console errors seen.
//
// WATCH.js runs in the page before its own scripts (plan.py's WATCH). Firefox's own
// settings are left as they come (WebRTC's included). The driver ends when stdin does.
import { click } from "./click.mjs";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const puppeteer = createRequire(new URL("../../web/package.json", import.meta.url))(
  "puppeteer-core");

const [firefox, watchFile] = process.argv.slice(2);
const events = [];

async function until(page, js, what, seconds) {
  try {
    await page.waitForFunction(js, { timeout: seconds * 1000, polling: 200 });
  } catch (error) {
    throw new Error(`waited ${seconds} s for ${what}: ${error.message}`);
  }
}

async function step(page, s) {
  switch (s.do) {
    case "goto": {
      const hashOnly = page.url().split("#")[0] === s.url.split("#")[0];
      if (hashOnly) await page.evaluate((url) => { location.href = url; }, s.url);
      else await page.goto(s.url, { waitUntil: "load" });
      await until(page, "document.documentElement.dataset.ready === 'true'", "the app to start",
        s.seconds);
      return null;
    }
    case "until":
      await until(page, s.js, s.what, s.seconds);
      return null;
    case "click": {
      const css = JSON.stringify(s.css);
      await until(page, `document.querySelector(${css}) && !document.querySelector(${css}).disabled`,
        s.css, s.seconds);
      await click(page, s.css);
      return null;
    }
    case "eval":
      return page.evaluate(s.js);
    case "shot":
      await page.screenshot({ path: s.path, fullPage: true });
      return null;
    case "events":
      return events;
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
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 812 });
  page.on("pageerror", (error) => events.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") events.push(`console error: ${message.text()}`);
  });
  await page.evaluateOnNewDocument(readFileSync(watchFile, "utf8"));
  process.stdout.write(JSON.stringify({ ok: await browser.version() }) + "\n");
  for await (const line of createInterface({ input: process.stdin })) {
    let answer;
    try {
      answer = { ok: (await step(page, JSON.parse(line))) ?? null };
    } catch (error) {
      answer = { error: error.message };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  }
} finally {
  await browser.close();
}
