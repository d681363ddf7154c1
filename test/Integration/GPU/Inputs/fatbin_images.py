"""Lists the images of the CUDA fatbins embedded in an MLIR file.

  fatbin_images.py FILE.mlir
      for every `gpu.binary` whose object is a fatbin, prints
      `<binary>: <kind> sm_<arch>` per image (kind: elf for a cubin, ptx),
      reading the fatbin container format (magic 0xBA55ED50); exits 1 if
      a fatbin is malformed.

No CUDA tool is needed (cuobjdump is not installed on the build machines).
"""
import re
import struct
import sys

MAGIC = 0xBA55ED50
KINDS = {1: "ptx", 2: "elf"}


def unescape(text):
    """Bytes of an MLIR string literal body (\\HH escapes, \\\\, \\")."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out += c.encode()
            i += 1
            continue
        nxt = text[i + 1]
        simple = {"\\": 92, '"': 34, "n": 10, "t": 9}
        if nxt in simple:
            out.append(simple[nxt])
            i += 2
        else:
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
    return bytes(out)


def images(blob):
    magic, _version, header, size = struct.unpack_from("<IHHQ", blob, 0)
    if magic != MAGIC:
        raise ValueError(f"bad magic {magic:#x}")
    offset, end = header, header + size
    while offset < end:
        kind, _, entry_header, entry_size = struct.unpack_from("<HHIQ", blob, offset)
        arch = struct.unpack_from("<I", blob, offset + 28)[0]
        yield KINDS.get(kind, f"kind{kind}"), arch
        offset += entry_header + entry_size
    if offset != end:
        raise ValueError("entries overrun the container")


def main():
    text = open(sys.argv[1]).read()
    literal = r'"((?:[^"\\]|\\.)*)"'
    found = False
    for m in re.finditer(r"gpu\.binary @(\w+)\s*\[(.*)\]\s*$", text, re.M):
        name, body = m.group(1), m.group(2)
        objects = body.count("#gpu.object<")
        strings = re.findall(literal, body)
        blob = unescape(max(strings, key=len))
        if objects != 1 or struct.unpack_from("<I", blob, 0)[0] != MAGIC:
            print(f"{name}: {objects} object(s), not one fatbin")
            continue
        found = True
        try:
            for kind, arch in images(blob):
                print(f"{name}: {kind} sm_{arch}")
        except (ValueError, struct.error) as e:
            print(f"{name}: malformed fatbin: {e}")
            sys.exit(1)
    if not found:
        print("no fatbin")


if __name__ == "__main__":
    main()
