import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces'

const ATOM = 'http://www.w3.org/2005/Atom'

export interface AtomEntry {
  id: string
  link: string
  title: string
  summary: string
  updated: Date
  published: Date
  author: { name: string; uri: string }
  categories: readonly string[]
  /** '' when the feed's own rights hold. */
  rights: string
}

export interface AtomFeed {
  id: string
  title: string
  /** The page the feed stands for. */
  link: string
  self: string
  updated: Date
  rights: string
  entries: readonly AtomEntry[]
}

// Text constructs are type="text": titles and summaries are what people typed, never markup.
const textElement = (parent: XMLBuilder, name: string, value: string) =>
  parent.ele(ATOM, name, { type: 'text' }).txt(value).up()

/** An Atom 1.0 document (RFC 4287); xmlbuilder2 escapes every text and attribute. */
export function toAtom(feed: AtomFeed): string {
  const root = create({ version: '1.0', encoding: 'utf-8' }).ele(ATOM, 'feed')
  root.ele(ATOM, 'id').txt(feed.id)
  textElement(root, 'title', feed.title)
  root.ele(ATOM, 'updated').txt(feed.updated.toISOString())
  root.ele(ATOM, 'generator').txt('Agora')
  root.ele(ATOM, 'link', { rel: 'alternate', href: feed.link })
  root.ele(ATOM, 'link', { rel: 'self', type: 'application/atom+xml', href: feed.self })
  textElement(root, 'rights', feed.rights)
  for (const item of feed.entries) {
    const entry = root.ele(ATOM, 'entry')
    textElement(entry, 'title', item.title)
    entry.ele(ATOM, 'id').txt(item.id)
    entry.ele(ATOM, 'link', { rel: 'alternate', href: item.link })
    entry.ele(ATOM, 'updated').txt(item.updated.toISOString())
    entry.ele(ATOM, 'published').txt(item.published.toISOString())
    if (item.summary) textElement(entry, 'summary', item.summary)
    entry
      .ele(ATOM, 'author')
      .ele(ATOM, 'name')
      .txt(item.author.name)
      .up()
      .ele(ATOM, 'uri')
      .txt(item.author.uri)
    for (const tag of item.categories) entry.ele(ATOM, 'category', { term: tag, label: tag })
    if (item.rights) textElement(entry, 'rights', item.rights)
  }
  return root.end({ prettyPrint: true })
}
