/* The Python object of one C match (yomi._native.Match), shared by py_match.c, which defines the
 * type, and env_py.c, which reads a template match and hands out copies of its matches. */
#ifndef YOMI_PY_MATCH_H
#define YOMI_PY_MATCH_H

#include <Python.h>

#include "engine.h"

typedef struct {
    PyObject_HEAD
    ymatch *m;
} MatchObject;

#endif
