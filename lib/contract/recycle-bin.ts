/** How long a recycle bin keeps what was put in it (core §9, the knowledge base and the media library alike). */
export const RECYCLE_DAYS = 30;
