/**
 * FLV as the simulated cameras serve it (issue 34): the tags of one encoder's output read as they
 * come, and handed to any number of viewers. A viewer joining late gets the header, the stream's
 * metadata and decoder configuration, then the current group of pictures from its keyframe, so it
 * shows a picture at once. Nothing is kept beyond one group of pictures.
 */

export const FLV_HEADER_BYTES = 13; // 9-byte header + the first PreviousTagSize
const TAG_HEADER = 11;
const TAG_VIDEO = 9;
const TAG_SCRIPT = 18;

export type FlvTag = { type: number; ts: number; bytes: Buffer };

/** Reads FLV tags out of arbitrary chunks (the header first). */
export class FlvReader {
  private buf: Buffer = Buffer.alloc(0);
  header: Buffer | null = null;

  push(chunk: Buffer): FlvTag[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const tags: FlvTag[] = [];
    if (!this.header) {
      if (this.buf.length < FLV_HEADER_BYTES) return tags;
      if (this.buf.toString("latin1", 0, 3) !== "FLV") throw new Error("not an FLV stream");
      this.header = Buffer.from(this.buf.subarray(0, FLV_HEADER_BYTES));
      this.buf = this.buf.subarray(FLV_HEADER_BYTES);
    }
    while (this.buf.length >= TAG_HEADER) {
      const size = this.buf.readUIntBE(1, 3);
      const total = TAG_HEADER + size + 4;
      if (this.buf.length < total) break;
      const bytes = Buffer.from(this.buf.subarray(0, total));
      const ts = (bytes.readUIntBE(4, 3) | (bytes[7] << 24)) >>> 0;
      tags.push({ type: bytes[0], ts, bytes });
      this.buf = this.buf.subarray(total);
    }
    return tags;
  }
}

/** A video tag's frame type and AVC packet type: keyframe (1) and sequence header (0). */
const isKeyframe = (t: FlvTag) => t.type === TAG_VIDEO && t.bytes[TAG_HEADER] >> 4 === 1;
const isSequenceHeader = (t: FlvTag) => t.type === TAG_VIDEO && t.bytes[TAG_HEADER + 1] === 0;

/** The same tag with another timestamp (a looped clip runs on). */
export function retimed(t: FlvTag, ts: number): FlvTag {
  const bytes = Buffer.from(t.bytes);
  bytes.writeUIntBE(ts & 0xffffff, 4, 3);
  bytes[7] = (ts >>> 24) & 0xff;
  return { type: t.type, ts, bytes };
}

export type FlvViewer = (chunk: Buffer) => void;

/** One encoder's tags to many viewers. */
export class FlvHub {
  private header: Buffer | null = null;
  private meta: FlvTag | null = null;
  private config: FlvTag | null = null;
  private gop: FlvTag[] = [];
  private readonly viewers = new Set<FlvViewer>();

  get size() {
    return this.viewers.size;
  }

  setHeader(header: Buffer) {
    this.header = header;
  }

  tag(t: FlvTag) {
    if (t.type === TAG_SCRIPT) this.meta = t;
    else if (isSequenceHeader(t)) this.config = t;
    else if (t.type === TAG_VIDEO) {
      if (isKeyframe(t)) this.gop = [];
      this.gop.push(t);
    }
    for (const v of this.viewers) v(t.bytes);
  }

  /** Adds a viewer: what it needs to start at once, then every tag as it comes. */
  join(viewer: FlvViewer): () => void {
    if (this.header) viewer(Buffer.concat([this.header, ...[this.meta, this.config].filter((t): t is FlvTag => !!t).map((t) => t.bytes), ...this.gop.map((t) => t.bytes)]));
    else {
      // Nothing encoded yet: the header comes with the first tags.
      const waiting: FlvViewer = (chunk) => {
        this.viewers.delete(waiting);
        if (this.header) viewer(Buffer.concat([this.header, chunk]));
        this.viewers.add(viewer);
      };
      this.viewers.add(waiting);
      return () => {
        this.viewers.delete(waiting);
        this.viewers.delete(viewer);
      };
    }
    this.viewers.add(viewer);
    return () => void this.viewers.delete(viewer);
  }
}
