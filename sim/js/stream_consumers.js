// stream_consumers.js: node:stream/consumers - read a whole stream (Node stream, web
// ReadableStream or any async iterable) into a Blob, bytes, a Buffer, text or JSON.
(function (exports, internals) {
  'use strict';
  // chunksOf collects every chunk the stream's async iterator gives.
  async function chunksOf(stream) {
    const it = stream[Symbol.asyncIterator]();
    const chunks = [];
    for (let step = await it.next(); !step.done; step = await it.next()) chunks.push(step.value);
    return chunks;
  }
  async function blob(stream) { return new (internals.Blob)(await chunksOf(stream)); }
  async function arrayBuffer(stream) { return (await blob(stream)).arrayBuffer(); }
  async function bytes(stream) { return new Uint8Array(await arrayBuffer(stream)); }
  async function buffer(stream) { return internals.builtin('buffer').Buffer.from(await arrayBuffer(stream)); }
  // text decodes byte chunks as UTF-8 across chunk boundaries; string chunks are kept.
  async function text(stream) {
    const decoder = new (internals.builtin('util').TextDecoder)();
    const it = stream[Symbol.asyncIterator]();
    let s = '';
    for (let step = await it.next(); !step.done; step = await it.next()) {
      s += typeof step.value === 'string' ? step.value : decoder.decode(step.value, { stream: true });
    }
    return s + decoder.decode(undefined, { stream: false });
  }
  async function json(stream) { return JSON.parse(await text(stream)); }
  Object.assign(exports, { arrayBuffer, blob, buffer, bytes, json, text });
})
