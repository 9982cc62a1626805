// A click on the element `css` finds (the caller has waited for it). The app redraws by
// replacing its HTML, so the element found may be replaced before the click lands
// (puppeteer: "Node is detached from document"; seen once in the Firefox smoke): it is
// found again and clicked, as a player's click lands on the element now there.
export async function click(page, css) {
  for (let tries = 1; ; tries++) {
    try {
      return await page.click(css);
    } catch (error) {
      if (tries >= 5 || !/detached/i.test(String(error?.message ?? error))) throw error;
    }
  }
}
