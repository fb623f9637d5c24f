"""Build script for the compiled modules.

Every ``mahjong_core/*.pyx`` (the rule-set-free core) and every room kernel
``mahjong/<room>/_*.pyx`` (e.g. ``mahjong/guobiao/_kernel.pyx``, which cimports the core's
``.pxd`` files) becomes one extension module; so does each plain Python module listed in
``COMPILED_PYTHON`` (the record reader), compiled for speed only: its source runs the same
uncompiled (``record.py`` then imports Cython, for its pure-Python-mode decorators). Build
switches (env vars):

- ``MAHJONG_CORE_DEBUG=1``: bounds/wraparound checks back on, no -O3, debug info (for
  test runs hunting a memory bug). The default (release) build has no debug info (``-g0``
  after Python's own ``-g``): the modules are a fraction of the size and build faster.
- ``MAHJONG_CORE_BASELINE=1``: do not add ``-march=x86-64-v2``; the default build adds it
  when the compiler accepts it, so ``popcount`` is one instruction. Without it the code is
  the same, only the popcount is emulated (slower, still correct).
- ``MAHJONG_CORE_NO_OPENMP=1``: build without OpenMP; batch calls then run on one thread.
- ``MAHJONG_CORE_ANNOTATE=1``: write Cython's HTML annotation next to each .pyx.
- ``MAHJONG_CORE_ONLY=_shanten,guobiao._kernel``: build only the named modules (a core module
  by its name, a room kernel as ``<room>.<name>``, a compiled Python module by its name, e.g.
  ``record``; for development).

The modules are translated (Cython) and compiled (C) in parallel, one job per core, unless
``build_ext -j N`` says otherwise.
"""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _cores():
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _flag(name):
    return os.environ.get(name, "") not in ("", "0")


def _compiler_accepts(compiler, flags, source="int main(void){return 0;}\n"):
    """Try to compile and link a tiny C program with ``flags``."""
    tmp = tempfile.mkdtemp()
    try:
        src = os.path.join(tmp, "probe.c")
        with open(src, "w") as f:
            f.write(source)
        objs = compiler.compile([src], output_dir=tmp, extra_postargs=flags)
        compiler.link_executable(objs, os.path.join(tmp, "probe"), extra_postargs=flags)
        return True
    except Exception:
        return False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


OPENMP_PROBE = "#include <omp.h>\nint main(void){return omp_get_max_threads() > 0 ? 0 : 1;}\n"


#: GCC inlines into a caller only while the module's code has grown by less than
#: inline-unit-growth percent (40) of its own size. The scalar shanten call's kernel
#: (missing_tiles with _missing inlined) lost its inlining when the public entry moved out
#: of _shanten and the module became smaller: 60 gives it back (callgrind, one call on a
#: list of ids: 1355 -> 1287 instructions; 1292 at 7f3d9e2).
INLINE_GROWTH = {"mahjong_core._shanten": 60}


class BuildExt(build_ext):
    """Compile the modules in parallel (one job per core unless ``-j`` is given); probe the
    compiler once for OpenMP and x86-64-v2, then add what it accepts."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:  # pip gives no -j: without this, one module after another
            self.parallel = _cores()

    def build_extensions(self):
        compiler = self.compiler
        extra_compile, extra_link = [], []
        if compiler.compiler_type == "unix":
            # Release builds drop the debug info Python's own CFLAGS ask for (-g): these
            # flags come after them, so -g0 wins.
            extra_compile += ["-O0", "-g"] if _flag("MAHJONG_CORE_DEBUG") else ["-O3", "-g0"]
            if (not _flag("MAHJONG_CORE_BASELINE") and platform.machine() in ("x86_64", "AMD64")
                    and _compiler_accepts(compiler, ["-march=x86-64-v2"])):
                extra_compile.append("-march=x86-64-v2")
            if not _flag("MAHJONG_CORE_NO_OPENMP") and _compiler_accepts(
                    compiler, ["-fopenmp"], OPENMP_PROBE):
                extra_compile.append("-fopenmp")
                extra_link.append("-fopenmp")
        elif compiler.compiler_type == "msvc":
            extra_compile += ["/O2"]
            if not _flag("MAHJONG_CORE_NO_OPENMP"):
                extra_compile.append("/openmp")
        for ext in self.extensions:
            ext.extra_compile_args = list(ext.extra_compile_args or []) + extra_compile
            ext.extra_link_args = list(ext.extra_link_args or []) + extra_link
            if ext.name in INLINE_GROWTH and compiler.compiler_type == "unix":
                flag = [f"--param=inline-unit-growth={INLINE_GROWTH[ext.name]}"]
                if _compiler_accepts(compiler, flag):
                    ext.extra_compile_args += flag
        # The biggest generated C first (record.c takes about 15% of the CPU time alone), so
        # that the parallel jobs end together instead of one long module last.
        self.extensions.sort(key=lambda ext: -sum(
            os.path.getsize(src) for src in ext.sources if os.path.exists(src)))
        super().build_extensions()

    def run(self):
        super().run()
        self._write_shanten_tables()

    def _write_shanten_tables(self):
        """Build the shanten group tables once, now, into the file beside the compiled
        ``mahjong_core._shanten`` that its imports read instead of building them (about
        0.4 s per import otherwise; see ``write_tables`` in mahjong_core/_shanten.pyx). A
        failure here only costs that time: the module builds its tables when the file is
        missing or was written by another build."""
        if "mahjong_core._shanten" not in {ext.name for ext in self.extensions}:
            return
        module = os.path.abspath(self.get_ext_fullpath("mahjong_core._shanten"))
        root = os.path.dirname(os.path.dirname(module))
        code = ("import sys; sys.path.insert(0, sys.argv[1]); from mahjong_core import _shanten; "
                "assert _shanten.__file__ == sys.argv[2], _shanten.__file__; "
                "print(_shanten.write_tables())")
        env = dict(os.environ, MAHJONG_CORE_BUILD_TABLES="1")
        done = subprocess.run([sys.executable, "-I", "-c", code, root, module], cwd=root,
                              env=env, capture_output=True, text=True)
        if done.returncode:
            print("warning: the shanten tables file was not written (imports will build "
                  f"the tables): {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
        else:
            print(f"wrote {done.stdout.strip()}")


# Plain Python modules that Cython also compiles, for speed only (the same source runs
# uncompiled from a source tree; the compiled module takes its place when built): the
# record reader every settlement starts with, and the rooms' settlement paths.
COMPILED_PYTHON = [
    "mahjong/record.py", "mahjong/_ledger.py",
    "mahjong/additive.py",
    "mahjong/two_player/scoring.py", "mahjong/two_player/settlement.py",
    "mahjong/tongcheng/scoring.py", "mahjong/tongcheng/settlement.py",
    "mahjong/guiyang/settlement.py", "mahjong/guiyang/chickens.py",
    "mahjong/guiyang/dou.py", "mahjong/guiyang/scoring.py",
    "mahjong/huanggang/scoring.py", "mahjong/huanggang/settlement.py",
    "mahjong/guobiao/scoring.py",
    "mahjong/sichuan/settlement.py", "mahjong/yunnan/settlement.py",
    "mahjong/game/_logcheck.py",
]


def _extensions():
    from Cython.Build import cythonize

    only = {n.strip() for n in os.environ.get("MAHJONG_CORE_ONLY", "").split(",") if n.strip()}
    exts = []
    sources = sorted(glob(os.path.join("mahjong_core", "*.pyx")))
    sources += sorted(glob(os.path.join("mahjong", "_*.pyx")))  # the reader, the entry points
    sources += sorted(glob(os.path.join("mahjong", "*", "_*.pyx")))
    for pyx in sources:
        parts = os.path.splitext(pyx)[0].split(os.sep)
        short = ".".join(parts[1:])          # "_shanten", "guobiao._kernel"
        if only and short not in only:
            continue
        exts.append(Extension(".".join(parts), [pyx]))
    python_exts = []  # COMPILED_PYTHON (see there)
    for py in COMPILED_PYTHON:
        name = os.path.splitext(py)[0].replace("/", ".")
        if only and name.split(".", 1)[1] not in only:
            continue
        python_exts.append(Extension(name, [py]))
    debug = _flag("MAHJONG_CORE_DEBUG")
    directives = {
        "language_level": 3,
        "boundscheck": debug,
        "wraparound": debug,
        "initializedcheck": debug,
        "cdivision": True,
        "embedsignature": True,
    }
    annotate = _flag("MAHJONG_CORE_ANNOTATE")
    # Translate in parallel where worker processes fork (Linux); elsewhere one by one.
    nthreads = _cores() if sys.platform.startswith("linux") else 0
    return (cythonize(exts, compiler_directives=directives, annotate=annotate,
                      nthreads=nthreads)
            # annotation_typing off: a ``flag: bool`` argument would otherwise be coerced
            # with truth testing ("yes" -> True), where the source refuses it
            + cythonize(python_exts, compiler_directives={"language_level": 3, "binding": True,
                                                          "embedsignature": True,
                                                          "annotation_typing": False},
                        annotate=annotate, nthreads=nthreads))


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt})
