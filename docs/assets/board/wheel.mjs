// The engine's wheel, put in place by the board's worker before Python starts (worker.mjs imports this module).
//
// Pyodide's own package loader installs a wheel with Python once the interpreter runs: its zip module unpacks it
// and its installer writes the package's metadata, some 200-300 ms of a board's start in a fresh browser. The site
// builds the wheel stored, not deflated (scripts/hooks/board.py: the host compresses it whole), so its files are
// plain slices of its bytes: the worker writes them into site-packages from Pyodide's fsInit hook, while the
// interpreter is not yet started, and Python finds the engine there as it finds any installed package.
//
// Only the engine's import packages are written (the lock file's "imports" of the wheel): its *.dist-info, which
// nothing on the board reads, would make Pyodide list the engine as a package of unknown origin.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const STORED = 0;

export class WheelError extends Error {
  constructor(message) {
    super(`the engine's wheel ${message}`);
    this.name = "WheelError";
  }
}

// The files of a stored zip, [[name, bytes], ...], read from its central directory; a deflated file, a file
// running past the end or a zip cut short is refused with the reason.
export function storedFiles(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at) => view.getUint16(at, true);
  const u32 = (at) => view.getUint32(at, true);
  let end = bytes.length - 22; // the end record, after at most 64 KiB of comment
  while (end >= Math.max(0, bytes.length - 22 - 0xffff) && u32(end) !== END_OF_DIRECTORY) end--;
  if (end < 0 || u32(end) !== END_OF_DIRECTORY) throw new WheelError("is not a zip file");
  const names = new TextDecoder("utf-8", { fatal: true });
  const files = [];
  let at = u32(end + 16);
  for (let count = u16(end + 10); count > 0; count--) {
    if (at + 46 > end || u32(at) !== DIRECTORY_ENTRY) throw new WheelError("has a damaged central directory");
    const [method, size, nameLength] = [u16(at + 10), u32(at + 20), u16(at + 28)];
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (method !== STORED) throw new WheelError(`holds ${name} compressed (method ${method}), not stored`);
    const local = u32(at + 42);
    if (local + 30 > bytes.length || u32(local) !== LOCAL_ENTRY) throw new WheelError(`has a damaged entry: ${name}`);
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + size > bytes.length) throw new WheelError(`is cut short in ${name}`);
    files.push([name, bytes.subarray(start, start + size)]);
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return files;
}

// Write the files of the wheel's import packages (`packages`, e.g. ["engine"]) under `directory` of Pyodide's
// file system; the number of files written. A name that would leave its package is refused.
export function installWheel(FS, directory, bytes, packages) {
  let written = 0;
  for (const [name, data] of storedFiles(bytes)) {
    if (name.endsWith("/") || !packages.includes(name.split("/")[0])) continue;
    if (name.split("/").some((part) => part === ".." || part === "." || part === "")) {
      throw new WheelError(`names a file outside its package: ${name}`);
    }
    const path = `${directory}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
    written++;
  }
  if (written === 0) throw new WheelError(`holds none of ${packages.join(", ")}`);
  return written;
}
