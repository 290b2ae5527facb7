// temporary probe (not committed): one Lighthouse run, key audits

import { writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const url = process.argv[2]
const tag = process.argv[3] ?? 'run'
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  const r = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  const lhr = r.lhr
  writeFileSync(`/tmp/lh/${tag}.json`, JSON.stringify(lhr))
  const a = (id) => lhr.audits[id]
  const n = (id) => Math.round(a(id)?.numericValue ?? NaN)
  console.log(
    `${tag}: score ${Math.round(lhr.categories.performance.score * 100)} FCP ${n('first-contentful-paint')} LCP ${n('largest-contentful-paint')} TBT ${n('total-blocking-time')} SI ${n('speed-index')} CLS ${a('cumulative-layout-shift').numericValue}`,
  )
  const el = a('largest-contentful-paint-element')?.details?.items
  console.log(JSON.stringify(el, null, 0).slice(0, 1500))
  const bt = a('bootup-time')
    ?.details?.items?.slice(0, 6)
    .map(
      (i) =>
        `${i.url} total ${Math.round(i.total)} script ${Math.round(i.scripting)} parse ${Math.round(i.scriptParseCompile)}`,
    )
  console.log(bt?.join('\n'))
  const mt = a('mainthread-work-breakdown')?.details?.items?.map(
    (i) => `${i.groupLabel} ${Math.round(i.duration)}`,
  )
  console.log(mt?.join(', '))
  const lt = a('long-tasks')?.details?.items?.map(
    (i) => `${i.url} @${Math.round(i.startTime)} ${Math.round(i.duration)}ms`,
  )
  console.log('long tasks:', lt?.join('\n  '))
} finally {
  chrome.kill()
}
