// Creates a PGlite database in the folder given as the argument, then ends (see createDataDir in client.ts).
import { PGlite } from "@electric-sql/pglite";

const client = new PGlite({ dataDir: process.argv[2] });
await client.waitReady;
await client.close();
