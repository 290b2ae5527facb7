// Runs from index.html before the app's code has arrived, so a screen's code, texts and data are on
// their way while the app loads; the app takes the data through src/api/early.ts (takeEarly). On a
// page the server drew, the app's code is asked for only once the page and its picture have loaded,
// so it does not take their bandwidth.
;(() => {
  // A page's first date or number formatter costs tens of milliseconds of main thread (the browser
  // loads its locale data). Made here, while the main thread waits for the app's code, the data is
  // ready when the app formats its first date.
  try {
    new Intl.DateTimeFormat().format(0)
  } catch {
    // no Intl: nothing to prepare
  }
  const tag = document.currentScript
  // Each once (the parts share files with the screen). A preload link costs the main thread a few
  // milliseconds as it goes in (its request is set up then), and a screen has dozens: they go in a
  // handful at a time, each handful a task of its own, so a tap never waits behind all of them (a
  // single task of 50–200 ms on Lighthouse's simulated phone before).
  const PRELOADS_PER_TASK = 8
  const preload = (files) => {
    const waiting = [...new Set(files)].filter(Boolean)
    const next = () => {
      for (const file of waiting.splice(0, PRELOADS_PER_TASK)) {
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
      if (waiting.length > 0) setTimeout(next, 0)
    }
    next()
  }
  const page = window.location.pathname
  const match = /^\/forum\/detail\/([^/]+)\/?$/.exec(page)
  const screen = match
    ? tag?.dataset.postScreen
    : /^\/forum\/?$/.test(page)
      ? tag?.dataset.forumScreen
      : page === '/'
        ? tag?.dataset.homeScreen
        : ''
  // A screen's files include its English texts (every language's fallback). A page the server drew in
  // another language (it writes the language on <html lang>) needs that language's texts too: one
  // chunk, named on this tag as data-texts-<language>.
  const language = document.documentElement.lang.split('-')[0]
  const texts =
    screen && language ? tag?.dataset[`texts${language[0].toUpperCase()}${language.slice(1)}`] : ''
  const screenFiles = `${screen ?? ''} ${texts ?? ''}`.split(' ')
  // The code of what the drawn text uses (Markdown, math, code): the app draws the text so before
  // it takes over, so it comes with the app's own (the page has loaded by then).
  const drawnParts = () => {
    const text = document.querySelector('#static-shell[data-first-screen] .markdown--drawn')
    if (!text) return []
    const parts = ['markdown']
    if (text.querySelector('.katex')) parts.push('math')
    if (text.querySelector('.hljs')) parts.push('code')
    return parts.flatMap((part) =>
      (tag?.dataset[`${part}Part`] ?? '').split(' ').filter((file) => file.endsWith('.js')),
    )
  }
  // A PDF the drawn page shows (its first page is due within 1.5 s): pdf.js's worker is started and
  // the file fetched now, handed to the viewer when it runs (src/features/post/pdf/source.ts), and the
  // viewer's code is fetched with the app's. Answers those files.
  const drawnPdf = () => {
    const viewer = document.querySelector('#static-shell[data-first-screen] .viewer__pdf[data-pdf-url]')
    const url = viewer?.getAttribute('data-pdf-url')
    const workerUrl = tag?.dataset.pdfWorker
    if (!url || !workerUrl) return []
    try {
      const worker = new Worker(workerUrl, { type: 'module' })
      const bytes = fetch(url, { credentials: 'same-origin' })
        .then((response) => (response.ok ? response.arrayBuffer() : null))
        .catch(() => null)
      window.__agoraEarlyPdf = { worker, files: { [url]: bytes } }
    } catch {
      // no module workers: the viewer starts its own
      return []
    }
    return (tag?.dataset.pdfPart ?? '').split(' ')
  }
  const app = tag?.dataset.app
  if (app) {
    // Should the app's code never run (a chunk that cannot load), the drawn page stops being inert:
    // its links work as plain links: a drawn page must never stay inert forever. A running
    // app takes over well before (app/staticShell.ts, HANDOVER_DEADLINE_MS).
    setTimeout(() => {
      document.querySelector('#static-shell[data-first-screen] main[inert]')?.removeAttribute('inert')
    }, 15000)
    // The entry first, then the modules it imports, then the screen's.
    const [entry, ...imports] = app.split(' ')
    let started = false
    const start = () => {
      if (started) return
      started = true
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      script.src = entry
      document.head.appendChild(script)
      preload([...imports, ...screenFiles, ...drawnParts(), ...drawnPdf()])
    }
    if (document.readyState === 'complete') start()
    else {
      window.addEventListener('load', start, { once: true })
      setTimeout(start, 1000)
    }
  } else {
    preload(screenFiles)
  }
  // The screen's data, by the API path the app's client asks it by: a post and its first comments
  // (features/post/usePost.ts, features/comments/useComments.ts: COMMENTS_PAGE_SIZE), or the forum's
  // first page as its address without a query shows it (src/api/posts.ts listPostsPath: FORUM_PAGE_SIZE)
  // and the site's figures in its hero, or the home page's figures (ui/useSiteStats.ts).
  let paths
  if (match) {
    let id
    try {
      id = encodeURIComponent(decodeURIComponent(match[1]))
    } catch {
      return
    }
    paths = [`/media/${id}`, `/comments/post/${id}?skip=0&limit=12`]
  } else if (/^\/forum\/?$/.test(page) && !window.location.search) {
    paths = ['/media/list?limit=12', '/stats']
  } else if (page === '/') {
    paths = ['/stats']
  } else return
  // Who asks, from the session marker src/app/session.ts keeps: an anonymous visitor, or a signed-in
  // one whose access holds for more than the 30 s the API client renews it ahead (src/api/client.ts,
  // REFRESH_AHEAD_MS). In secure mode the access cookie goes with the request; in compatibility mode
  // the token goes as a Bearer header. The app takes the answers only for the session they were asked
  // with (window.__agoraEarlyAs).
  const headers = { Accept: 'application/json' }
  let session = null
  try {
    const mode = localStorage.getItem('auth_mode')
    if (mode !== null) {
      const expiresAt = Number(localStorage.getItem('token_expiry'))
      if (!(expiresAt - Date.now() > 30000)) return
      if (mode === 'compat') {
        const token = localStorage.getItem('access_token')
        if (!token) return
        headers.Authorization = `Bearer ${token}`
      } else if (mode !== 'secure') return
      session = `${mode} ${expiresAt}`
    }
  } catch {
    // storage blocked: no stored session, so the visitor is anonymous
  }
  // A post's first picture is the page's largest paint: it starts loading as soon as the post is here.
  const startPicture = (post) => {
    const first = post?.media?.[0]
    try {
      if (first?.kind === 'image' && typeof first.url === 'string') {
        const picture = new Image()
        picture.fetchPriority = 'high'
        picture.src = first.url
      }
    } catch {
      // no picture started early: the page loads it as it draws
    }
    return post
  }
  const answers = {}
  for (const [index, path] of paths.entries()) {
    const answer = fetch(`/api/v1${path}`, { headers, priority: index === 0 ? 'high' : 'auto' })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null)
    answers[path] = match && index === 0 ? answer.then(startPicture) : answer
  }
  window.__agoraEarly = { ...window.__agoraEarly, ...answers }
  window.__agoraEarlyAs = session
})()
