/**
 * Random access to the bytes of a file: a zip is read from its end (the
 * central directory) and then entry by entry, so only what is opened is read.
 * A File in the browser, a file descriptor in Node, or bytes already in memory.
 */
export interface ByteSource {
  readonly size: number;
  /** Exactly `length` bytes from `offset`; throws when the source ends first. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export class ShortReadError extends Error {}

function exact(bytes: Uint8Array, offset: number, length: number): Uint8Array {
  if (bytes.length < length)
    throw new ShortReadError(`the file ends at byte ${offset + bytes.length}, ${length - bytes.length} bytes before what it says is there`);
  return bytes;
}

export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => exact(bytes.subarray(offset, offset + length), offset, length),
  };
}

/** A Blob or File: each read is one slice, so a 200 MB log is never held whole. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => exact(new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()), offset, length),
  };
}

/** Does the input start as a zip does (a local file header, or the end record of an empty zip)? */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

/**
 * Reads of `source` served from one window of `windowBytes` read ahead: an
 * .eval's entries lie one after another, and each costs two reads (its header,
 * its data), so 100,000 small samples were 200,000 reads of a File (~5 ms a
 * sample). A read larger than the window goes straight through.
 */
export function readAhead(source: ByteSource, windowBytes = 4 * 1024 * 1024): ByteSource {
  let start = 0;
  let window: Uint8Array = new Uint8Array(0);
  return {
    size: source.size,
    async read(offset, length) {
      if (offset >= start && offset + length <= start + window.length) return window.subarray(offset - start, offset - start + length);
      if (length >= windowBytes) return source.read(offset, length);
      const take = Math.min(source.size - offset, windowBytes);
      if (take < length) return source.read(offset, length);
      window = await source.read(offset, take);
      start = offset;
      return window.subarray(0, length);
    },
  };
}
