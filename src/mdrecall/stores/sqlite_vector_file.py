"""The vector file: a copy of one embedder's vector matrix beside the SQLite index.

A new process would otherwise read every vector blob from SQLite before its first vector query
(~0.2-0.4 s at 26k vectors of 384 dims); with the file it reads the matrix in one go instead (5-10 ms
for 40 MB; into its own memory, not mapped: a mapped file truncated in place means ``SIGBUS``). It is
derived data, like the sqlite-vec side index: deleting it is always safe.

``index.sqlite`` → ``index.vectors``. Layout (little-endian)::

    magic "MDRVMAT1" | header length (u32) | CRC-32 (u32) of the header, the ids and the codes
    header: UTF-8 JSON {"db_id", "key", "count", "largest", "dims", "rows", "names"}
    ids:   int64 × rows   (chunk rowids)        at the next multiple of 64
    codes: int32 × rows   (index into names)    at the next multiple of 64
    mat:   float32 × rows × dims                at the next multiple of 64, to the end of the file

It is used only when its ``db_id``, embedder key, (count, largest id) of the key's vectors and dims are
the store's: ids are never reused, so any write to that key's vectors changes (count, largest id), and a
rebuilt index has a new ``db_id``. A file that is not a regular file (a symlink is not followed), has a
size other than its header implies, or fails the CRC is ignored (and replaced by the next load). The
float matrix is not checksummed (18 ms per 40 MB): like the blobs it copies, a flipped bit there changes
scores, never which rows exist. Written whole beside it, fsynced and renamed into place; any failure to
write (a full disk, a read-only folder) is ignored.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import stat
import struct
import time
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MAGIC", "VectorFile", "vector_file_path"]

MAGIC = b"MDRVMAT1"
_PREFIX = struct.Struct("<8sII")  # magic, header length, CRC-32
_ALIGN = 64
_MAX_HEADER = 16 * 2**20
_STALE_TMP_S = 120.0  # a temporary file older than this was left by a killed writer
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def vector_file_path(index_path: Path) -> Path:
    """``index.sqlite`` → ``index.vectors``."""
    return index_path.with_name(f"{index_path.stem}.vectors")


def _aligned(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def _offsets(header_len: int, rows: int) -> tuple[int, int, int]:
    ids_at = _aligned(_PREFIX.size + header_len)
    codes_at = _aligned(ids_at + 8 * rows)
    return ids_at, codes_at, _aligned(codes_at + 4 * rows)


class VectorFile:
    """The vector file of one index (``db_id`` is the index's ``meta.db_id``)."""

    def __init__(self, path: Path, db_id: str) -> None:
        self.path = path
        self.db_id = db_id

    def read(
        self, key: str, signature: tuple[int, int], dims: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]] | None:
        """``(ids, matrix, codes, names)`` read from the file, or ``None`` unless it matches exactly.

        Read into this process's memory, never mapped: a file truncated in place while mapped (by
        another process, an editor, a full-disk tool) kills the mapping process with ``SIGBUS``."""
        try:
            fd = os.open(self.path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY)
        except OSError:  # absent, a symlink (ELOOP), unreadable
            return None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_size < _PREFIX.size:
                return None
            with os.fdopen(fd, "rb", buffering=0, closefd=False) as fh:
                return self._load(fh, st.st_size, key, signature, dims)
        except (OSError, ValueError, TypeError, KeyError, UnicodeDecodeError):
            return None
        finally:
            os.close(fd)

    def _load(
        self, fh: io.FileIO, size: int, key: str, signature: tuple[int, int], dims: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]] | None:
        """Check the header against the store before reading the rest (the size it implies, first)."""
        import numpy as np

        magic, header_len, crc = _PREFIX.unpack(_read_exact(fh, 0, _PREFIX.size))
        if magic != MAGIC or header_len > min(_MAX_HEADER, size - _PREFIX.size):
            return None
        header_bytes = _read_exact(fh, _PREFIX.size, header_len)
        head: dict[str, Any] = json.loads(header_bytes)
        expected = {"db_id": self.db_id, "key": key, "count": signature[0], "largest": signature[1]}
        if any(head.get(k) != v for k, v in expected.items()) or head.get("dims") != dims:
            return None
        rows, names = head["rows"], head["names"]
        if type(rows) is not int or not 0 <= rows <= signature[0] or not isinstance(names, list):
            return None
        if not all(isinstance(n, str) for n in names):
            return None
        ids_at, codes_at, mat_at = _offsets(header_len, rows)
        if size != mat_at + 4 * rows * dims:
            return None
        body = np.empty(size - ids_at, dtype=np.uint8)  # offsets below stay 64-byte aligned
        view = body.data
        fh.seek(ids_at)
        got = 0
        while got < len(view):
            n = fh.readinto(view[got:])
            if not n:  # cut short while read: the next load rewrites it
                return None
            got += n
        codes_at, mat_at = codes_at - ids_at, mat_at - ids_at
        check = zlib.crc32(header_bytes)
        check = zlib.crc32(view[: 8 * rows], check)
        check = zlib.crc32(view[codes_at : codes_at + 4 * rows], check)
        if check != crc:
            return None
        ids = np.frombuffer(body, dtype="<i8", count=rows, offset=0)
        codes = np.frombuffer(body, dtype="<i4", count=rows, offset=codes_at)
        mat = np.frombuffer(body, dtype="<f4", count=rows * dims, offset=mat_at).reshape(rows, dims)
        return ids, mat, codes, names

    def write(
        self,
        key: str,
        signature: tuple[int, int],
        ids: np.ndarray,
        mat: np.ndarray,
        codes: np.ndarray,
        names: list[str],
    ) -> bool:
        """Replace the file with this matrix (whole or not at all); ``False`` when it cannot be written."""
        import numpy as np

        rows, dims = mat.shape
        header = json.dumps(
            {
                "db_id": self.db_id,
                "key": key,
                "count": int(signature[0]),
                "largest": int(signature[1]),
                "dims": int(dims),
                "rows": int(rows),
                "names": names,
            },
            ensure_ascii=False,
        ).encode("utf-8")
        parts = [
            np.ascontiguousarray(ids, dtype="<i8").data.cast("B"),
            np.ascontiguousarray(codes, dtype="<i4").data.cast("B"),
            np.ascontiguousarray(mat, dtype="<f4").data.cast("B"),
        ]
        crc = zlib.crc32(parts[1], zlib.crc32(parts[0], zlib.crc32(header)))
        starts = _offsets(len(header), rows)
        tmp = self.path.with_name(f".{self.path.name}.tmp")
        try:
            fd = self._create(tmp)
        except OSError:
            return False
        try:
            try:
                at = _write_all(fd, _PREFIX.pack(MAGIC, len(header), crc) + header, 0)
                for start, part in zip(starts, parts, strict=True):
                    at = _write_all(fd, bytes(start - at), at)
                    at = _write_all(fd, part, at)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.path)  # a symlink at the path is replaced, not followed
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            return False
        with contextlib.suppress(OSError):  # the rename itself survives a power cut too
            dfd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        return True

    def discard(self) -> None:
        """Delete the file (a symlink in its place is removed, not followed)."""
        with contextlib.suppress(OSError):
            os.unlink(self.path)

    @staticmethod
    def _create(tmp: Path) -> int:
        """The temporary file, new (one writer at a time; one left by a killed writer is replaced)."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
        try:
            return os.open(tmp, flags, 0o600)
        except FileExistsError:
            st = os.lstat(tmp)
            if time.time() - st.st_mtime < _STALE_TMP_S:
                raise  # another process is writing it now
            os.unlink(tmp)
            return os.open(tmp, flags, 0o600)


def _read_exact(fh: io.FileIO, at: int, n: int) -> bytes:
    """``n`` bytes at offset ``at`` (:class:`ValueError` when the file ends first)."""
    fh.seek(at)
    data = fh.read(n)
    if len(data) != n:
        raise ValueError("vector file cut short")
    return data


def _write_all(fd: int, data: bytes | memoryview, at: int) -> int:
    """Write every byte (a write making no progress is ``ENOSPC``); the new end offset."""
    view = memoryview(data)
    total = len(view)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]
    return at + total
