import { Duplex } from "node:stream";
import type { Socket } from "node:net";

export type GateLimits = {
  /** Largest MQTT packet, fixed header included. */
  maxPacket: number;
  /** Bytes a connection may send before it has logged in. */
  maxUnauthenticated: number;
  /** A packet over `maxPacket` was announced (`client` is what the broker set on the gate). */
  onOversize?: (gate: PacketGate, bytes: number) => void;
};

/**
 * A device's connection as the broker reads it, with MQTT's framing watched on the way. A packet
 * announcing more than `maxPacket` bytes closes the connection as soon as its fixed header is
 * read, so its body is never buffered (the broker's parser would wait for all of it); before login
 * at most `maxUnauthenticated` bytes pass. MQTT 3.1.1 has no way to announce the limit or refuse a
 * packet: closing is the answer.
 */
export class PacketGate extends Duplex {
  /** Set by aedes: its client on this connection. */
  client?: unknown;
  /** Body bytes of the current packet still to pass. */
  private remaining = 0;
  /** The current packet's fixed header so far (it may span chunks). */
  private header: number[] = [];
  private received = 0;
  private admitted = false;
  /** The device has sent all it will (its FIN read): what the gate still holds is the broker's to read. */
  private ended = false;

  constructor(
    private readonly socket: Socket,
    private readonly limits: GateLimits,
  ) {
    super();
    socket.on("data", (chunk: Buffer) => this.pass(chunk));
    socket.on("end", () => {
      this.ended = true;
      this.push(null);
    });
    socket.on("error", (err) => this.destroy(err));
    // A device that sent its last packets and hung up: the packets the broker has not read yet (it
    // reads a device's next ones only once the last are taken) are still read; the gate ends after them.
    socket.on("close", () => void (this.ended ? this.end() : this.destroy()));
  }

  /** The connection has logged in: only the packet size is limited from now on. */
  admit() {
    this.admitted = true;
  }

  _read() {
    this.socket.resume();
  }

  _write(chunk: Buffer, encoding: BufferEncoding, done: (err?: Error | null) => void) {
    // Nobody is left to read an answer (a PUBACK) to what the closed connection still had queued.
    if (this.socket.destroyed) return done();
    this.socket.write(chunk, encoding, done);
  }

  /**
   * What was written while corked, in one socket write: the broker corks for a tick and writes each
   * packet in pieces (mqtt-packet), so a batch's PUBACKs leave in one send rather than a send per piece.
   */
  _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void) {
    if (this.socket.destroyed) return done();
    this.socket.write(chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map((c) => c.chunk)), done);
  }

  _final(done: () => void) {
    if (this.socket.destroyed) return done();
    this.socket.end(done);
  }

  _destroy(err: Error | null, done: (err: Error | null) => void) {
    this.socket.destroy();
    done(err);
  }

  private pass(chunk: Buffer) {
    this.received += chunk.length;
    if (!this.admitted && this.received > this.limits.maxUnauthenticated) return this.socket.destroy();
    const oversize = this.oversize(chunk);
    if (oversize) {
      // A malformed length (Infinity) is the parser's to refuse; it is closed here all the same.
      if (Number.isFinite(oversize)) this.limits.onOversize?.(this, oversize);
      return this.socket.destroy();
    }
    if (!this.push(chunk)) this.socket.pause();
  }

  /** Walks the fixed headers in `chunk`, skipping bodies: the size of a packet over the limit, or 0. */
  private oversize(chunk: Buffer): number {
    const { maxPacket } = this.limits;
    for (let i = 0; i < chunk.length; ) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - i);
        this.remaining -= n;
        i += n;
        continue;
      }
      const h = this.header;
      h.push(chunk[i++]);
      // The type byte, then the remaining length: 7 bits a byte, the high bit saying more follow, at most 4 bytes.
      if (h.length === 1) continue;
      if (h[h.length - 1] & 0x80) {
        if (h.length === 5) return Infinity;
        continue;
      }
      let length = 0;
      for (let k = h.length - 1; k >= 1; k--) length = length * 128 + (h[k] & 0x7f);
      if (h.length + length > maxPacket) return h.length + length;
      this.remaining = length;
      this.header = [];
    }
    return 0;
  }
}
