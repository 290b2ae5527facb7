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
