import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Code } from "@/lib/contract/envelope";
import { API_KEY_PREFIX } from "@/lib/contract/system/api-key-enums";
import { authenticate, namedLanguage } from "../lib/auth";
import type { Ctx } from "../lib/context";
import { AppError } from "../lib/http";
import { t } from "../lib/i18n";
import { COMPOSED, WRITES } from "./composed";
import { callerOf, catalogueTools, ToolRefusal, type Caller, type Tool } from "./tools";

/** Where the cloud serves it, under `{product}Cloud/` (the console's `/api/mcp` forwards here). */
export const MCP_PATH = "mcp";

let tools: Tool[] | undefined;
/** The tools, built once: the composed reads and writes, and the catalogue's reads. */
export function allTools(): Tool[] {
  return (tools ??= [...COMPOSED, ...WRITES, ...catalogueTools()]);
}

/** The tools a key may see: write tools only with a read-write key. */
export const toolsFor = (writable: boolean) => allTools().filter((tool) => writable || !tool.writes);

/** Runs a tool as the caller; a refusal or bad input is a tool error the model can read, never a 500. */
export async function runTool(caller: Caller, writable: boolean, name: string, args: Record<string, unknown>) {
  const tool = toolsFor(writable).find((x) => x.name === name);
  if (!tool) return { isError: true, text: t(caller.language, "cloud.mcpNoTool", { name }) };
  try {
    return { isError: false, text: JSON.stringify(await tool.run(caller, args ?? {})) };
  } catch (err) {
    if (err instanceof ToolRefusal) return { isError: true, text: err.message };
    throw err;
  }
}

/**
 * The MCP server (Streamable HTTP, stateless: a server per request) at `{product}Cloud/mcp`,
 * for an API key alone. Each tool is made of catalogue calls sent in-process with the caller's
 * own key, so it passes the permission, scope and key checks a console call passes; a revoked
 * key is refused at the next request. The console forwards `/api/mcp` here (docs/domains/api-keys.md).
 */
export async function mcpHandler(c: Ctx) {
  const authorization = c.req.header("authorization") ?? "";
  if (!authorization.replace(/^Bearer\s+/i, "").startsWith(API_KEY_PREFIX)) throw new AppError(Code.UNAUTHORIZED, "cloud.apiKeyInvalid");
  const auth = await authenticate(c.var.deps, authorization, namedLanguage(c), c.var.ip);
  const writable = !!auth.apiKey?.writable;
  // The inner calls log the MCP client's address as the key's last use.
  const caller = callerOf(c, authorization);
  const server = new Server({ name: `${c.var.deps.config.product}-console`, version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toolsFor(writable).map((x) => ({
      name: x.name,
      title: x.title,
      description: x.description,
      inputSchema: x.inputSchema as { type: "object" },
      annotations: { readOnlyHint: !x.writes, destructiveHint: x.writes, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const out = await runTool(caller, writable, req.params.name, (req.params.arguments ?? {}) as Record<string, unknown>);
    return { content: [{ type: "text" as const, text: out.text }], isError: out.isError };
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(c.req.raw);
  } finally {
    void server.close();
  }
}

