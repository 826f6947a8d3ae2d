// Drives the official @libsql/client against an emulator database and prints what it observed as
// one JSON object; tests/unit/emulator/test_libsql_client.py makes the assertions.
// Usage: node check.mjs <database URL (http or ws)> <full-access token> <read-only token> <admin base URL>
import { createClient } from "@libsql/client";

const [url, fullToken, readToken, admin] = process.argv.slice(2);
const adminCall = async (path, body) => (await fetch(admin + path, {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
})).json();
const show = (value) => (typeof value === "bigint" ? String(value)
  : value instanceof ArrayBuffer ? Buffer.from(value).toString("hex") : value);
const rows = (result) => result.rows.map((row) => Array.from(row, show));
const failure = async (run) => {
  try {
    await run();
    return null;
  } catch (error) {
    return { name: error.name, code: error.code, message: error.message };
  }
};
const count = async (client) => show((await client.execute("SELECT count(*) FROM items")).rows[0][0]);

const out = {};
const client = createClient({ url, authToken: fullToken, intMode: "bigint" });

await client.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, big INTEGER, name TEXT, data BLOB, ratio REAL)");
const inserted = await client.execute({
  sql: "INSERT INTO items (big, name, data, ratio) VALUES (?, ?, ?, ?)",
  args: [9223372036854775807n, "héllo", new Uint8Array([0, 1, 2, 255]), 2.5],
});
out.insert = { rowsAffected: inserted.rowsAffected, lastInsertRowid: show(inserted.lastInsertRowid) };
const selected = await client.execute({
  sql: "SELECT id, big, name, data, ratio FROM items WHERE name = :name",
  args: { name: "héllo" },
});
out.select = { columns: selected.columns, columnTypes: selected.columnTypes, rows: rows(selected) };

const batch = await client.batch([
  { sql: "INSERT INTO items (big, name) VALUES (?, ?)", args: [-9223372036854775808n, "min"] },
  "INSERT INTO items (name) VALUES ('second')",
  "SELECT count(*) AS n FROM items",
], "write");
out.batch = batch.map((result) => ({ rowsAffected: result.rowsAffected, rows: rows(result) }));
out.minimum = rows(await client.execute("SELECT big, data FROM items WHERE name = 'min'"));
out.failedBatch = await failure(() => client.batch([
  "INSERT INTO items (name) VALUES ('never')",
  "INSERT INTO items (id) VALUES (1)",
], "write"));
out.countAfterFailedBatch = await count(client);

let tx = await client.transaction("write");
await tx.execute("INSERT INTO items (name) VALUES ('rolled back')");
out.countInsideTransaction = show((await tx.execute("SELECT count(*) FROM items")).rows[0][0]);
await tx.rollback();
out.countAfterRollback = await count(client);

tx = await client.transaction("deferred");
await tx.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["committed"] });
await tx.batch(["INSERT INTO items (name) VALUES ('batched in tx')", "UPDATE items SET ratio = 0.5 WHERE name = 'committed'"]);
await tx.commit();
out.committed = rows(await client.execute("SELECT name, ratio FROM items WHERE name IN ('committed', 'batched in tx') ORDER BY id"));

await client.executeMultiple("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('a'); INSERT INTO notes VALUES ('b');");
out.notes = rows(await client.execute("SELECT body FROM notes ORDER BY body"));
out.constraint = await failure(() => client.execute("INSERT INTO items (id) VALUES (1)"));
out.parse = await failure(() => client.execute("SELEC 1"));

const reader = createClient({ url, authToken: readToken, intMode: "bigint" });
out.readOnlyCount = await count(reader);
out.readOnlyWrite = await failure(() => reader.execute("DELETE FROM items"));
out.countAfterReadOnlyWrite = await count(client);

const stranger = createClient({ url, authToken: "not-a-token" });
out.invalidToken = await failure(() => stranger.execute("SELECT 1"));

const revoked = (await adminCall("/tokens", { kind: "full_access" })).token;
const holder = createClient({ url, authToken: revoked, intMode: "bigint" });
out.beforeRevoke = show((await holder.execute("SELECT 1")).rows[0][0]);
holder.close();
await adminCall("/tokens/invalidate", {});
const late = createClient({ url, authToken: revoked });
out.revoked = await failure(() => late.execute("SELECT 1"));

client.close();
reader.close();
stranger.close();
late.close();
console.log(JSON.stringify(out));
