import { crudCalls } from "../entity-calls";
import { connect } from "./product";

/** Connections (comm connect): read on their screen and the product screen that picks a product's connections, written on their screen. */
export const connectApi = crudCalls(connect, { only: ["page", "info", "add", "upd", "del"], read: { menu: ["/productSet/connect", "/productSet/product"] } });
