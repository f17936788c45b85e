import { z } from "zod";
import { Code, envelopeResponse } from "@/lib/contract/envelope";
import { projectApi, type Project } from "@/lib/contract/project";
import { apiTextFor } from "@/lib/server/api-text";
import { sessionFor, withCookies } from "@/lib/server/api-proxy";
import { foreignOrigin, localeOf } from "@/lib/server/request-guard";
import { upstreamCall } from "@/lib/server/upstream";
import { format } from "@/lib/i18n/format";
import zhShell from "@/messages/zh-cn/shell.json";
import enShell from "@/messages/en/shell.json";

const body = z.object({ projId: z.number().int().positive().max(2_147_483_647).nullable() });

/**
 * Project selector: stores the chosen project (or none) in the session cookie, which then sends
 * it as `projectId` on every forwarded call. The cloud confirms the caller may see the project.
 */
export async function POST(request: Request) {
  const locale = localeOf(request);
  const text = apiTextFor(locale);
  if (foreignOrigin(request)) return envelopeResponse(403, Code.FORBIDDEN, text.forbidden);
  const { session, jar } = await sessionFor(request);
  if (!session.token) return envelopeResponse(401, Code.UNAUTHORIZED, text.notSignedIn);
  let raw: unknown = null;
  try {
    raw = await request.json();
  } catch {
    /* reported below */
  }
  const parsed = body.safeParse(raw);
  if (!parsed.success) return envelopeResponse(400, Code.BAD_REQUEST, text.requestFailed);
  const { projId } = parsed.data;
  let project: Pick<Project, "id" | "prjName"> | null = null;
  if (projId !== null) {
    const info = await upstreamCall(projectApi.info, { id: projId }, { token: session.token, locale });
    if (info.code === Code.UNAUTHORIZED) session.destroy();
    if (info.code !== Code.OK) return withCookies(envelopeResponse(info.code === Code.UNAUTHORIZED ? 401 : 200, info.code, info.msg), jar);
    project = { id: info.data.id, prjName: info.data.prjName };
  }
  session.projId = projId;
  await session.save();
  const header = (locale === "en" ? enShell : zhShell).header;
  const msg = project ? format(header.projectChanged, { name: project.prjName }) : header.projectCleared;
  return withCookies(envelopeResponse(200, Code.OK, msg, project), jar);
}
