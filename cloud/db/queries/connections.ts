import { connect, type Connect } from "@/lib/contract/device/product";
import { rowMapper } from "../../lib/crud";

/** A stored connection as the console reads it (the connection list, and the connections bound to a product or model). */
export const toConnect = rowMapper<typeof connect.fields, Connect>(connect);
