# lit configuration of the hyc translator tests: every .cpp here is a test
# (RUN lines on top, CHECK lines beside the code); Inputs/ holds helpers.
import os

import lit.formats
import lit.llvm

lit.llvm.initialize(lit_config, config)
from lit.llvm import llvm_config

config.name = "hy"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".cpp"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hy_lit_binary_dir, "out")

llvm_config.with_system_environment(["HOME", "TMPDIR"])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# %hyc: the translator, %hy_inc: the runtime headers, %cxx: the host compiler.
config.substitutions.append(("%hyc", config.hyc))
config.substitutions.append(("%hy_inc", config.hy_runtime_include))
config.substitutions.append(("%cxx", config.cxx))
# %clangxx: clang++ of the LLVM the translator uses, whichever %cxx is: it
# warns where g++ does not (-Wmisleading-indentation on a statement after an
# unbraced loop body on the same line), so outputs are checked with both.
config.substitutions.append(("%clangxx", os.path.join(config.llvm_tools_dir, "clang++")))
# %hy_plugin: hy's clang plugin (clang++ -fplugin=%hy_plugin), for tests
# that say `REQUIRES: hy-plugin`; %python runs the tests' Python helpers.
if config.hy_plugin and os.path.exists(config.hy_plugin):
    config.available_features.add("hy-plugin")
    config.substitutions.append(("%hy_plugin", config.hy_plugin))
import sys
config.substitutions.append(("%python", sys.executable))
# %nvcc compiles CUDA output for the H200 (sm_90); tests that need it say
# `REQUIRES: nvcc`.
if config.nvcc and os.path.exists(config.nvcc):
    config.available_features.add("nvcc")
    config.substitutions.append(
        ("%nvcc", config.nvcc + " -arch=sm_90 -std=c++17 --expt-relaxed-constexpr -Xcompiler -fopenmp"))
# %if mpicxx: the MPI compiler wrapper (zone loops built with -DHY_MPI).
import shutil
if shutil.which("mpicxx"):
    config.available_features.add("mpicxx")
# The input is the test: its CHECK comments are copied into the output, so
# drop lines that are only FileCheck directives (`// PREFIX: ...`) and cut
# trailing ones before checking.
config.substitutions.append(
    ("%strip", "sed -E -e '/^[[:space:]]*\\/\\/[[:space:]]*[A-Z][A-Z0-9-]*:/d'"
               " -e 's#//[[:space:]]*[A-Z][A-Z0-9-]*:.*$##'"))
llvm_config.add_tool_substitutions(["FileCheck", "not", "count", "split-file"],
                                   [config.llvm_tools_dir])
