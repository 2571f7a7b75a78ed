"""Builds the native C engine (csrc/) as the CPython extension ``yomi._native``."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("yomi._native", sources=["csrc/fixed.c", "csrc/module.c",
                                                           "csrc/rng.c", "csrc/py_rng.c", "csrc/body.c", "csrc/py_body.c"],
                             include_dirs=["csrc"], extra_compile_args=["-O2", "-std=c11"])])
