import { startCloud } from "./start";

/** `npm run cloud`: the built-in cloud alone. */
const cloud = await startCloud({
  port: Number(process.env.CLOUD_PORT || 3100),
  databaseUrl: process.env.DATABASE_URL,
});
console.log(`[cloud] listening on ${cloud.url}/${process.env.CLOUD_PRODUCT || "iot"}Cloud`);
const stop = async () => {
  await cloud.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
