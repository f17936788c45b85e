import { Hono, type MiddlewareHandler } from "hono";
import type { AnyCall, CallAccess, CallAnswer, CallArgs, CallScope } from "@/lib/contract/call";
import { brokerOnly, platformOnly, requireAuth, requireMenu, requirePerm } from "./auth";
import { keyGuard } from "./api-key-guard";
import type { CloudEnv, Ctx } from "./context";
import { body, ok, query } from "./http";
import { optionalProject, requireProject, requireScreenProject } from "./project-context";
import { inZone } from "./request-zone";
import { tenantZone } from "../db/queries/company";

type Mw = MiddlewareHandler<CloudEnv>;
/** A handler answers the call's data (sent in the envelope), or a whole response (files, streams, a message of its own). */
export type CallHandler<C extends AnyCall> = (c: Ctx, input: CallArgs<C>) => Promise<CallAnswer<C> | Response> | CallAnswer<C> | Response;

/** A declaration with its handler and everything the route checks, in order. */
export type Served = { call: AnyCall; chain: Mw[] };

const pass: Mw = (_, next) => next();

function accessCheck(access: CallAccess): Mw[] {
  if (access === "anonymous" || access === "device") return [];
  if (access === "broker") return [brokerOnly];
  if (access === "user") return [requireAuth];
  if (access === "platform") return [requireAuth, platformOnly];
  return [requireAuth, "perm" in access ? requirePerm(...[access.perm].flat()) : requireMenu(...access.menu)];
}

/** The token, then what an API key may not do whatever its user may, then the call's own access. */
function accessChain(call: AnyCall): Mw[] {
  const chain = accessCheck(call.access);
  return chain[0] === requireAuth ? [requireAuth, keyGuard(call), ...chain.slice(1)] : chain;
}

const SCOPE: Record<CallScope, Mw> = { tenant: pass, own: pass, project: requireProject, projectOptional: optionalProject, screen: requireScreenProject };

/**
 * Serves one declaration: the token, the permission or screen the call declares, its project,
 * then `guards` (checks a declaration cannot state, e.g. a role kind), then the input parsed by
 * the call's schema. Everything is per route, so where a route is mounted changes nothing.
 */
export function serve<C extends AnyCall>(call: C, handler: CallHandler<C>, ...guards: Mw[]): Served {
  const read = call.kind === "get" || call.kind === "upload" || call.kind === "raw" ? (c: Ctx) => query(c, call.input) : (c: Ctx) => body(c, call.input);
  const answer: Mw = async (c) => {
    const out = await handler(c, (await read(c)) as CallArgs<C>);
    return out instanceof Response ? out : ok(c, out ?? null);
  };
  // A signed-in caller's times are read and shown in its tenant's zone (issue 40).
  const run: Mw = async (c, next) => (c.var.auth ? inZone(await tenantZone(c.var.deps.db, c.var.auth.tenantId), () => answer(c, next)) : answer(c, next));
  return { call, chain: [...accessChain(call), ...(typeof call.access === "string" && ["anonymous", "device", "broker"].includes(call.access) ? [] : [SCOPE[call.scope]]), ...guards, run] };
}

const METHOD: Record<AnyCall["kind"], "get" | "post"> = { get: "get", post: "post", export: "post", upload: "post", raw: "post", stream: "post" };

/** The routes of served declarations, each at its full path (mounted under `/{product}Cloud`). Serving a path twice is refused at start-up. */
export function catalogueRoutes(served: readonly Served[]): Hono<CloudEnv> {
  const app = new Hono<CloudEnv>();
  const seen = new Set<string>();
  for (const { call, chain } of served) {
    if (seen.has(call.path)) throw new Error(`serve: ${call.path} is served twice`);
    seen.add(call.path);
    app.on(METHOD[call.kind], `/${call.path}`, ...(chain as [Mw, ...Mw[]]));
  }
  return app;
}
