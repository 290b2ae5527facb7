import pg from 'pg'

/** Runs one statement (create or drop a database) on its own connection to `url`. */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** `url` with its database changed to `name`. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url)
  next.pathname = `/${name}`
  return next.toString()
}
