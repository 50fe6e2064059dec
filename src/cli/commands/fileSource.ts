import { open } from 'node:fs/promises';
import { ShortReadError, type ByteSource } from '../../traces/inspect/byteSource';

/** A file opened for reads at any offset: the zip reader asks for the central directory first, then entry by entry. */
export async function fileSource(path: string, size: number): Promise<{ source: ByteSource; close(): Promise<void> }> {
  const handle = await open(path, 'r');
  const source: ByteSource = {
    size,
    async read(offset, length) {
      const buffer = new Uint8Array(length);
      let got = 0;
      while (got < length) {
        const { bytesRead } = await handle.read(buffer, got, length - got, offset + got);
        if (bytesRead === 0) throw new ShortReadError(`the file ends at byte ${offset + got}, ${length - got} bytes before what it says is there`);
        got += bytesRead;
      }
      return buffer;
    },
  };
  return { source, close: () => handle.close() };
}
