import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] });
for (const u of process.argv.slice(2)) {
  const { lhr } = await lighthouse(u, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance','accessibility'] });
  console.log('==', u, lhr.categories.performance.score, lhr.categories.accessibility.score);
  for (const id of ['color-contrast','definition-list','dlitem','largest-contentful-paint-element','heading-order','link-name','button-name','label']) {
    const a = lhr.audits[id]; if (!a) continue;
    if (a.score === 1 && id !== 'largest-contentful-paint-element') continue;
    console.log(id, a.score, JSON.stringify(a.details?.items?.slice(0,6)?.map(i => i.node ? {s:i.node.selector, snip:i.node.snippet?.slice(0,150), exp: i.node.explanation?.slice(0,200)} : (i.items ?? i)), null, 0)?.slice(0,1500));
  }
  console.log('fcp', lhr.audits['first-contentful-paint'].displayValue, 'lcp', lhr.audits['largest-contentful-paint'].displayValue);
}
await chrome.kill();
