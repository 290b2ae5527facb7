import { InlineList, type InlineListProps } from './InlineList'
import { Tag } from './Tag'

export interface TagListProps extends Omit<InlineListProps, 'children'> {
  tags: readonly string[]
  /** Given: each tag is a link there (e.g. the forum searching for it). */
  linkOf?: (tag: string) => string
}

/** Tags as a wrapping row of #name. */
export function TagList({ tags, linkOf, ...props }: TagListProps) {
  return (
    <InlineList {...props}>
      {tags.map((tag) => (
        <li key={tag}>
          <Tag name={tag} to={linkOf?.(tag)} />
        </li>
      ))}
    </InlineList>
  )
}
