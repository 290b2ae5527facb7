// Runs from index.html before the app's code has arrived. It prepares the browser's date formatting,
// and on a post page it fetches the post screen's code beside the app's own (the build lists the
// screen's files on this script's tag, see vite.config.ts). For an anonymous visitor it also asks for
// the post and starts loading its first picture (the page's largest paint), so both are on their way
// while the app's code still loads; the app takes the post through src/api/early.ts (takeEarly). A
// signed-in visitor's requests are left to the app's API client (session refresh, Bearer token).
;(() => {
  // A page's first date or number formatter costs tens of milliseconds of main thread (the browser
  // loads its locale data). Made here, while the main thread waits for the app's code, the data is
  // ready when the app formats its first date.
  try {
    new Intl.DateTimeFormat().format(0)
  } catch {
    // no Intl: nothing to prepare
  }
  const match = /^\/forum\/detail\/([^/]+)\/?$/.exec(window.location.pathname)
  if (!match) return
  const files = document.currentScript?.dataset.postScreen ?? ''
  for (const file of files.split(' ')) {
    if (!file) continue
    const link = document.createElement('link')
    if (file.endsWith('.css')) {
      link.rel = 'preload'
      link.as = 'style'
    } else {
      link.rel = 'modulepreload'
    }
    link.crossOrigin = ''
    link.href = file
    document.head.appendChild(link)
  }
  try {
    if (localStorage.getItem('auth_mode') !== null) return
  } catch {
    // storage blocked: no stored session, so the visitor is anonymous
  }
  let id
  try {
    id = decodeURIComponent(match[1])
  } catch {
    return
  }
  const path = `/media/${encodeURIComponent(id)}`
  const answer = fetch(`/api/v1${path}`, { headers: { Accept: 'application/json' }, priority: 'high' })
    .then((response) => (response.ok ? response.json() : null))
    .then((post) => {
      const first = post?.media?.[0]
      if (first?.kind === 'image' && typeof first.url === 'string') {
        const picture = new Image()
        picture.fetchPriority = 'high'
        picture.src = first.url
      }
      return post
    })
    .catch(() => null)
  window.__agoraEarly = { ...window.__agoraEarly, [path]: answer }
})()
