import { EventEmitter, once } from "node:events";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import mqttPacket from "mqtt-packet";
import { describe, expect, it } from "vitest";
import { PacketGate } from "./packet-gate";

/** The socket side of a gate: what was sent on it, one entry per socket write (a send). */
function fakeSocket() {
  const sent: Buffer[] = [];
  const socket = Object.assign(new EventEmitter(), {
    write(chunk: Buffer, encodingOrDone?: unknown, done?: () => void) {
      sent.push(Buffer.from(chunk));
      const cb = typeof encodingOrDone === "function" ? encodingOrDone : done;
      queueMicrotask(() => (cb as (() => void) | undefined)?.());
      return true;
    },
    resume() {},
    pause() {},
    destroy() {},
    end(cb?: () => void) {
      cb?.();
    },
  });
  return { socket: socket as unknown as Socket, sent };
}

const limits = { maxPacket: 256 * 1024, maxUnauthenticated: 64 * 1024 };

describe("the packet gate", () => {
  it("sends what the broker wrote in one tick as one socket write, not one per packet piece", async () => {
    const { socket, sent } = fakeSocket();
    const gate = new PacketGate(socket, limits);
    // As aedes answers a committed batch: a PUBACK per message, each written by mqtt-packet in pieces under a cork.
    for (let id = 1; id <= 50; id++) mqttPacket.writeToStream({ cmd: "puback", messageId: id }, gate);
    await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(1);
    // Byte for byte what the 50 PUBACKs are.
    const expected = Buffer.concat(Array.from({ length: 50 }, (_, i) => mqttPacket.generate({ cmd: "puback", messageId: i + 1 })));
    expect(sent[0].equals(expected)).toBe(true);
  });

  it("passes a device's bytes on unchanged and closes at a packet over the limit", async () => {
    const { socket } = fakeSocket();
    let destroyed = false;
    Object.assign(socket, { destroy: () => void (destroyed = true) });
    const gate = new PacketGate(socket, { ...limits, maxPacket: 100 });
    const read: Buffer[] = [];
    gate.on("readable", () => {
      for (let c: Buffer | null; (c = gate.read()); ) read.push(c);
    });
    const small = mqttPacket.generate({ cmd: "publish", topic: "t", payload: Buffer.alloc(20), qos: 0, dup: false, retain: false });
    socket.emit("data", small);
    await new Promise((r) => setImmediate(r));
    expect(Buffer.concat(read).equals(small)).toBe(true);
    expect(destroyed).toBe(false);
    socket.emit("data", mqttPacket.generate({ cmd: "publish", topic: "t", payload: Buffer.alloc(200), qos: 0, dup: false, retain: false }).subarray(0, 10));
    expect(destroyed).toBe(true);
  });

  it("passes on what a device sent before hanging up when the broker reads it only after the connection closed", async () => {
    // As a device sends a QoS 0 burst and disconnects while the broker still works through its earlier packets.
    const burst = Buffer.concat(Array.from({ length: 100 }, (_, i) => mqttPacket.generate({ cmd: "publish", topic: "t", payload: Buffer.from(`{"n":${i}}`), qos: 0, dup: false, retain: false })));
    const server = createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const accepted = once(server, "connection") as Promise<[Socket]>;
      const device = connect((server.address() as AddressInfo).port, "127.0.0.1");
      device.end(burst);
      const [socket] = await accepted;
      const gate = new PacketGate(socket, limits);
      gate.admit();
      await once(socket, "close");
      const read: Buffer[] = [];
      gate.on("data", (c: Buffer) => read.push(c));
      // Destroyed instead, it would close without an end.
      await Promise.race([once(gate, "end"), once(gate, "close")]);
      expect(Buffer.concat(read).equals(burst)).toBe(true);
    } finally {
      server.close();
    }
  });
});
