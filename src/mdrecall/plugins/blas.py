"""One BLAS thread for the processes mdrecall's own entry points start (a command, the prompt hook).

numpy's OpenBLAS starts a thread per core when it loads, and those threads spin: a one-shot hybrid search
paid ~40 ms of CPU, and of wall on busy cores, for them (numpy's import alone: 99 ms instead of 56 on 2
loaded cores). Nothing here gains from them: vectors are scored by ``einsum`` (no BLAS), the static
model's products are a few hundred rows, and the bits are the same with one thread or several (checked on
a whole index's vectors). Called by an entry point before numpy loads; the library never sets it (a host
program's BLAS is its own business).
"""

from __future__ import annotations

import os

__all__ = ["one_blas_thread"]

#: Variables OpenBLAS reads for its thread count, in its order: a count the user set in any is kept.
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def one_blas_thread() -> None:
    """Set ``OPENBLAS_NUM_THREADS=1`` unless the user chose a count (it also reaches child processes)."""
    if not any(os.environ.get(v) for v in THREAD_VARIABLES):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"
