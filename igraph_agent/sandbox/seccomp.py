"""A seccomp-BPF filter, assembled here, that bubblewrap installs before it starts the worker.

It stops the worker from starting processes (``fork``, ``vfork``, ``clone`` without
``CLONE_THREAD``; ``clone3`` answers ENOSYS so the C library falls back to ``clone``), from
tracing or writing other processes' memory, and from the kernel interfaces a confined
process has no use for (namespaces, mounts, BPF, keyrings, perf, userfaultfd, io_uring).
Threads stay allowed. ``execve`` stays allowed because bubblewrap itself execs the worker
after installing the filter; a snippet that execs replaces its own confined process.

x86-64 only; elsewhere :func:`filter_bytes` returns ``None`` and the run says seccomp is
missing.
"""

from __future__ import annotations

import errno
import platform
import struct

_LD_ABS, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW, _ERRNO, _KILL = 0x7FFF0000, 0x00050000, 0x80000000
_ARCH_X86_64 = 0xC000003E
_X32_BIT = 0x40000000
_CLONE_THREAD = 0x00010000

# x86-64 syscall numbers
DENIED = {
    "fork": 57, "vfork": 58, "ptrace": 101, "mount": 165, "umount2": 166, "keyctl": 250,
    "unshare": 272, "perf_event_open": 298, "setns": 308, "process_vm_readv": 310,
    "process_vm_writev": 311, "memfd_create": 319, "bpf": 321, "userfaultfd": 323,
    "io_uring_setup": 425,
}
_CLONE, _CLONE3 = 56, 435


def filter_bytes() -> bytes | None:
    """The compiled filter (``struct sock_filter[]``), or ``None`` on other architectures."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return None
    prog: list[tuple] = [
        ("ld", 4), ("jeq", _ARCH_X86_64, None, "kill"),
        ("ld", 0), ("jge", _X32_BIT, "deny", None),
        *[("jeq", nr, "deny", None) for nr in DENIED.values()],
        ("jeq", _CLONE3, "enosys", None),
        ("jeq", _CLONE, "clone", None),
        ("ret", _ALLOW),
        ("label", "clone"), ("ld", 16), ("jset", _CLONE_THREAD, "allow", "deny"),
        ("label", "allow"), ("ret", _ALLOW),
        ("label", "deny"), ("ret", _ERRNO | errno.EPERM),
        ("label", "enosys"), ("ret", _ERRNO | errno.ENOSYS),
        ("label", "kill"), ("ret", _KILL),
    ]
    return _assemble(prog)


def _assemble(prog: list[tuple]) -> bytes:
    code = [ins for ins in prog if ins[0] != "label"]
    where: dict[str, int] = {}
    i = 0
    for ins in prog:
        if ins[0] == "label":
            where[ins[1]] = i
        else:
            i += 1
    out = b""
    for pc, ins in enumerate(code):
        op = ins[0]
        if op == "ld":
            out += struct.pack("=HBBI", _LD_ABS, 0, 0, ins[1])
        elif op == "ret":
            out += struct.pack("=HBBI", _RET, 0, 0, ins[1])
        else:
            jt = where[ins[2]] - pc - 1 if ins[2] else 0
            jf = where[ins[3]] - pc - 1 if ins[3] else 0
            kind = {"jeq": _JEQ, "jge": _JGE, "jset": _JSET}[op]
            out += struct.pack("=HBBI", kind, jt, jf, ins[1])
    return out
