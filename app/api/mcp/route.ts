import { proxyMcp } from "@/lib/server/api-proxy";

/** The MCP server (Streamable HTTP) for a personal API key: forwarded to the cloud's. */
const handle = (request: Request) => proxyMcp(request);

export { handle as GET, handle as POST, handle as DELETE };
