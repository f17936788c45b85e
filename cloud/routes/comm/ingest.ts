import { Code } from "@/lib/contract/envelope";
import { ingestApi } from "@/lib/contract/device/ingest";
import { deviceTopic, UP_CHANNELS, type UpChannel } from "@/lib/contract/device/topics";
import { basicCredentials } from "../../lib/device-auth";
import { AppError } from "../../lib/http";
import { t } from "../../lib/i18n";
import { serve } from "../../lib/serve";

/**
 * The device-facing HTTP ingest: `POST /{product}Cloud/comm/ingest/{productId}/{sn}/{channel}` with
 * the same payload as over MQTT, authenticated by the device's SN and secret (no console session).
 * Answers, once they are committed, how many values were kept and why any were refused.
 */
export const ingestServed = [
  serve(ingestApi.post, async (c) => {
    const ingest = c.var.deps.ingest;
    if (!ingest) throw new AppError(Code.NOT_FOUND, "cloud.notFound");
    const { productId, sn, group, action } = c.req.param();
    const channel = `${group}/${action}` as UpChannel;
    if (!UP_CHANNELS.includes(channel)) throw new AppError(Code.NOT_FOUND, "cloud.notFound");
    const cred = basicCredentials(c.req.header("authorization"));
    const device = cred ? await ingest.authenticate(cred.sn, cred.secret) : null;
    if (!device) throw new AppError(Code.UNAUTHORIZED, "ingest.auth");
    // The answer waits for the commit of the values' batch: what it counts as accepted is stored.
    const outcome = await ingest.handle(deviceTopic(productId, sn, channel), Buffer.from(await c.req.arrayBuffer()), device).catch(() => {
      throw new AppError(Code.NETWORK, "ingest.notStored");
    });
    const rejects = outcome.rejects.map((r) => ({ identifier: r.identifier ?? null, reason: r.reason, msg: t(c.var.locale, `ingest.${r.reason}`, { detail: r.detail ?? "" }) }));
    if (!outcome.accepted && rejects.length) throw new AppError(Code.BAD_REQUEST, "ingest.refused", { reason: rejects[0].msg }, { accepted: 0, rejects });
    return { accepted: outcome.accepted, rejects };
  }),
];
