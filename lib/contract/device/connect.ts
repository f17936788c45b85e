import { crudCalls } from "../entity-calls";
import { connect, PRODUCT_READERS } from "./product";

/** Connections (comm connect): read wherever products are read (a product or object model binds them), written on their screen. */
export const connectApi = crudCalls(connect, { only: ["page", "info", "add", "upd", "del"], read: { menu: PRODUCT_READERS } });
