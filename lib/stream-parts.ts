/**
 * The parts of a text stream between separators, as they arrive: the lines of an upstream model's
 * server-sent events, or the events of the cloud's own chat stream. Leaving the loop early (or an
 * error) cancels the stream, so an unfinished answer does not hold its connection.
 */
export async function* streamParts(body: ReadableStream<Uint8Array>, separator: string): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      for (let at = buf.indexOf(separator); at >= 0; at = buf.indexOf(separator)) {
        const part = buf.slice(0, at);
        buf = buf.slice(at + separator.length);
        yield part;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
